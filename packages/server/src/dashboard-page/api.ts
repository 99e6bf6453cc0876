// The dashboard's calls to its own server. The session cookie goes along by itself (same origin,
// HttpOnly): no script ever holds the session token.

/** A failed call: the server's catalogue code and message. */
export class DashboardApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DashboardApiError';
  }
}

/** Who is signed in, as `GET /dashboard/session` answers. */
export interface SessionInfo {
  email: string;
  account: string | null;
  licenseKeys: string[];
  expiresAt: string;
  /** The server's current UTC month: the dashboard opens on it, whatever the computer's clock says. */
  currentMonth: string;
}

// The answers' shapes are the server's own types (type-only imports: nothing of the server is bundled).
export type { UsageDay } from '../usage/read-usage.js';
export type { UsageList } from '../usage/read-usage-list.js';
export type { UsageOrigins } from '../usage/read-usage-origins.js';
export type { MonthFigures, UsageSummary } from '../usage/read-usage-summary.js';

/** Sends a same-origin request and resolves to its JSON body (undefined for 204); rejects with a {@link DashboardApiError}. */
export async function callApi<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 204) return undefined as T;
  const payload = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  if (!response.ok) throw new DashboardApiError(response.status, payload.code ?? 'UNKNOWN', payload.message ?? `The server answered ${response.status}.`);
  return payload as T;
}

/** The query string of a usage call: the month or range, and the licence unless all are chosen. */
export function usageQuery(parameters: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) query.set(name, value);
  return query.toString();
}
