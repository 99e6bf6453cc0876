import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkLicence } from '../../src/accounts/account-store.js';
import { storeKinds } from '../../../../test/support/test-stores.js';
import { startServerHarness, type ServerHarness } from '../server-harness.js';

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const cookieOf = (response: Response) => /quire_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];

describe.each(storeKinds)('dashboard sessions on %s', (kind) => {
  let harness: ServerHarness;

  async function signInByCode(email: string): Promise<Response> {
    expect((await harness.request('/dashboard/session/code', json({ email }))).status).toBe(200);
    const code = /^ {4}(\d{6})$/m.exec(harness.sent.at(-1)!.text)![1]!;
    return harness.request('/dashboard/session', json({ email, code }));
  }

  async function obtainKey(email: string): Promise<string> {
    await harness.request(`/v1/auth/register?email=${email}`);
    const code = /^ {4}(\d{6})$/m.exec(harness.sent.at(-1)!.text)![1]!;
    return ((await (await harness.request(`/v1/auth/verify?email=${email}&code=${code}`)).json()) as { apiKey: string }).apiKey;
  }

  beforeAll(async () => {
    harness = await startServerHarness(kind);
    await linkLicence(harness.db, { licenseKey: 'lk_acme_x', email: 'owner@acme.test', name: 'Acme', now: harness.clock.current });
  });
  afterAll(() => harness.close());

  it('signs in with an e-mailed code and sets an HttpOnly, SameSite=Strict cookie whose token is stored only as a hash', async () => {
    const response = await signInByCode('owner@acme.test');
    const token = cookieOf(response)!;

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ email: 'owner@acme.test', account: 'Acme', licenseKeys: ['lk_acme_x'], expiresAt: '2026-01-31T11:15:00.000Z', currentMonth: '2026-01' });
    expect(response.headers.get('set-cookie')).toBe(`quire_session=${token}; Max-Age=7200; Path=/; HttpOnly; SameSite=Strict`);
    expect(harness.sent.at(-1)!.text).toContain('Enter it on the usage dashboard');
    const stored = await harness.db.selectFrom('dashboard_sessions').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.some((row) => row.token_hash.length === 64)).toBe(true);
  });

  it('marks the cookie Secure behind an https proxy that the server trusts', async () => {
    const proxied = await startServerHarness(kind, { trustProxy: true });
    try {
      await proxied.request('/dashboard/session/code', json({ email: 'owner@acme.test' }, { 'x-forwarded-proto': 'https' }));
      const code = /^ {4}(\d{6})$/m.exec(proxied.sent.at(-1)!.text)![1]!;
      const response = await proxied.request('/dashboard/session', json({ email: 'owner@acme.test', code }, { 'x-forwarded-proto': 'https' }));
      expect(response.headers.get('set-cookie')).toContain('; Secure');
    } finally {
      await proxied.close();
    }
  });

  it("reads the account's usage with the cookie, and nothing once signed out, even with the old cookie", async () => {
    const token = cookieOf(await signInByCode('owner@acme.test'))!;
    const cookie = { cookie: `quire_session=${token}` };

    expect((await harness.request('/v1/usage?month=2026-01', { headers: cookie })).status).toBe(200);
    expect((await harness.request('/v1/usage?month=2026-01&license=lk_other', { headers: cookie })).status).toBe(404);
    const signOut = await harness.request('/dashboard/session', { method: 'DELETE', headers: cookie });
    expect(signOut.status).toBe(204);
    expect(signOut.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await harness.request('/v1/usage?month=2026-01', { headers: cookie })).status).toBe(401);
    expect((await harness.request('/dashboard/session', { headers: cookie })).status).toBe(401);
  });

  it('ends a session after two hours, by the injected clock', async () => {
    const token = cookieOf(await signInByCode('owner@acme.test'))!;
    const started = harness.clock.current;
    harness.clock.current = new Date(started.getTime() + 2 * 3600 * 1000);
    try {
      expect((await harness.request('/dashboard/session', { headers: { cookie: `quire_session=${token}` } })).status).toBe(401);
    } finally {
      harness.clock.current = started;
    }
  });

  it('signs in with a pasted API key, and the session ends when the key is revoked', async () => {
    const apiKey = await obtainKey('owner@acme.test');
    const response = await harness.request('/dashboard/session', json({ apiKey }));
    const cookie = { cookie: `quire_session=${cookieOf(response)!}` };
    expect(response.status).toBe(200);

    expect((await harness.request('/dashboard/session', { headers: cookie })).status).toBe(200);
    await harness.request('/v1/auth/key', { method: 'DELETE', headers: { authorization: `Bearer ${apiKey}` } });
    expect((await harness.request('/dashboard/session', { headers: cookie })).status).toBe(401);
  });

  it('refuses a wrong code and a wrong key without setting a cookie', async () => {
    await harness.request('/dashboard/session/code', json({ email: 'owner@acme.test' }));
    const wrongCode = await harness.request('/dashboard/session', json({ email: 'owner@acme.test', code: '000000' }));
    const wrongKey = await harness.request('/dashboard/session', json({ apiKey: 'sd_notakey' }));

    expect([wrongCode.status, ((await wrongCode.json()) as { code: string }).code]).toEqual([400, 'AUTH_CODE_INVALID']);
    expect(wrongKey.status).toBe(401);
    expect(wrongCode.headers.get('set-cookie')).toBeNull();
    expect(wrongKey.headers.get('set-cookie')).toBeNull();
  });

  it('refuses sign-in and sign-out sent from another site', async () => {
    const fromElsewhere = await harness.request('/dashboard/session/code', json({ email: 'owner@acme.test' }, { origin: 'https://evil.example' }));
    const crossSite = await harness.request('/dashboard/session', { method: 'DELETE', headers: { 'sec-fetch-site': 'cross-site' } });
    const sameOrigin = await harness.request('/dashboard/session/code', json({ email: 'colleague@acme.test' }, { origin: 'http://quire.test' }));

    expect([fromElsewhere.status, ((await fromElsewhere.json()) as { code: string }).code]).toEqual([403, 'DASHBOARD_ORIGIN_REFUSED']);
    expect(crossSite.status).toBe(403);
    expect(sameOrigin.status).toBe(200);
  });
});

describe('GET /dashboard', () => {
  let harness: ServerHarness;
  beforeAll(async () => {
    harness = await startServerHarness('pglite');
  });
  afterAll(() => harness.close());

  it('serves the page and its files from the package under a strict Content-Security-Policy', async () => {
    const page = await harness.request('/dashboard');
    const script = await harness.request('/dashboard/assets/dashboard.js');
    const policy = page.headers.get('content-security-policy')!;

    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe');
    const html = await page.text();
    expect(html).not.toMatch(/<script>|<style|style="|\son[a-z]+=/);
    expect(html).not.toMatch(/https?:\/\//);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await script.text()).length).toBeGreaterThan(20_000);
  });

  it('answers 404 for a file that is not part of the dashboard', async () => {
    for (const path of ['/dashboard/assets/index.html', '/dashboard/assets/..%2Fpackage.json', '/dashboard/assets/secret.js']) {
      expect((await harness.request(path)).status).toBe(404);
    }
  });
});
