import { ConversionError, type ConversionErrorCode } from '../../conversion-error.js';

// Gotenberg 8 statuses (pkg/modules/api ParseError): 400 invalid form or a document its engine
// cannot read, 403 a URL on its deny list, 409 Chromium's failOn* checks, 413 over its body
// limit, 429 its queue is full, 503 its own time limit (context deadline). 502/504 come from a
// load balancer in front of the cluster.
const STATUS_CODES: ReadonlyMap<number, ConversionErrorCode> = new Map([
  [400, 'CONVERT_INPUT_INVALID'],
  [403, 'CONVERT_INPUT_INVALID'],
  [409, 'CONVERT_ENGINE_FAILED'],
  [413, 'CONVERT_INPUT_TOO_LARGE'],
  [429, 'CONVERT_BUSY'],
  [503, 'CONVERT_TIMEOUT'],
  [504, 'CONVERT_TIMEOUT'],
  [401, 'CONVERT_ENGINE_UNAVAILABLE'],
  [404, 'CONVERT_ENGINE_UNAVAILABLE'],
  [405, 'CONVERT_ENGINE_UNAVAILABLE'],
  [502, 'CONVERT_ENGINE_UNAVAILABLE'],
]);

// Gotenberg answers errors in text/plain; only a short first line goes into the message.
const MAX_DETAIL = 200;

/**
 * Returns the `ConversionError` for a non-2xx Gotenberg response, from its status and its
 * text/plain body. Unlisted statuses are `CONVERT_ENGINE_FAILED`.
 */
export function mapGotenbergStatus(status: number, body: string): ConversionError {
  const code = STATUS_CODES.get(status) ?? 'CONVERT_ENGINE_FAILED';
  const detail = body.split('\n', 1)[0]?.trim().slice(0, MAX_DETAIL) ?? '';
  const message = `Gotenberg answered ${status}${detail ? `: ${detail}` : '.'}`;
  // A 429 is Gotenberg's full queue: it never holds a request past a wait of its own.
  return new ConversionError(code, message, { engine: 'gotenberg', ...(status === 429 ? { reason: 'queue_full' as const } : {}) });
}
