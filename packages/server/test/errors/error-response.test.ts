import { HTTPException } from 'hono/http-exception';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../src/errors/api-error.js';
import { errorCatalogue } from '../../src/errors/catalogue.js';
import { createErrorResponse } from '../../src/errors/error-response.js';

function capturingLogger() {
  const lines: string[] = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

describe('createErrorResponse', () => {
  it('renders an ApiError with its catalogue status, reason phrase, headers and details', async () => {
    const { logger } = capturingLogger();
    const error = new ApiError('USAGE_UNAUTHORIZED', { details: { hint: 'x' }, headers: { 'www-authenticate': 'Bearer' } });
    const response = createErrorResponse(error, 'req-1', logger);

    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(response.headers.get('x-request-id')).toBe('req-1');
    expect(await response.json()).toEqual({
      code: 'USAGE_UNAUTHORIZED',
      error: 'Unauthorized',
      message: errorCatalogue.USAGE_UNAUTHORIZED.message,
      requestId: 'req-1',
      details: { hint: 'x' },
    });
  });

  it('turns a ZodError into REQUEST_INVALID listing each issue by path', async () => {
    const { logger } = capturingLogger();
    const result = z.object({ month: z.string().regex(/^\d{4}-\d{2}$/) }).safeParse({ month: 'May' });
    const response = createErrorResponse(result.error, 'req-2', logger);
    const body = (await response.json()) as { code: string; details: Array<{ path: string; message: string }> };

    expect(response.status).toBe(400);
    expect(body.code).toBe('REQUEST_INVALID');
    expect(body.details).toHaveLength(1);
    expect(body.details[0]?.path).toBe('month');
  });

  it('maps Hono HTTP exceptions for bad JSON, size and media type to their codes', async () => {
    const { logger } = capturingLogger();
    const codeOf = async (status: 400 | 413 | 415) =>
      ((await createErrorResponse(new HTTPException(status), 'r', logger).json()) as { code: string }).code;

    expect(await codeOf(400)).toBe('REQUEST_JSON_MALFORMED');
    expect(await codeOf(413)).toBe('REQUEST_BODY_TOO_LARGE');
    expect(await codeOf(415)).toBe('REQUEST_UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers any other error with a bare 500 INTERNAL and logs it with its stack', async () => {
    const { logger, lines } = capturingLogger();
    const error = new Error('secret connection string postgres://user:pw@db');
    const response = createErrorResponse(error, 'req-3', logger);
    const text = await response.text();

    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ code: 'INTERNAL', error: 'Internal Server Error', message: 'An internal error occurred.', requestId: 'req-3' });
    expect(text).not.toContain('postgres://');
    expect(text).not.toContain('at ');
    expect(lines.join('')).toContain('secret connection string');
    expect(lines.join('')).toContain('"requestId":"req-3"');
  });
});

describe('errorCatalogue', () => {
  it('uses upper-case AREA_WHAT codes with an error status and a message for every entry', () => {
    for (const [code, entry] of Object.entries(errorCatalogue)) {
      expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
      expect(entry.status).toBeGreaterThanOrEqual(400);
      expect(entry.status).toBeLessThan(600);
      expect(entry.message.length).toBeGreaterThan(0);
    }
  });
});
