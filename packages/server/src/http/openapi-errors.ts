import { z } from '@hono/zod-openapi';
import { readReasonPhrase } from '../errors/reason-phrases.js';

/** The OpenAPI schema of the error body every route answers failures with. */
export const ErrorBodySchema = z
  .object({
    code: z.string().openapi({ example: 'REQUEST_INVALID', description: 'Stable `AREA_WHAT` code.' }),
    error: z.string().openapi({ example: 'Bad Request', description: 'HTTP reason phrase.' }),
    message: z.string(),
    requestId: z.string(),
    details: z.unknown().optional(),
  })
  .openapi('Error');

/** Returns OpenAPI response entries with the error body for each of `statuses`. */
export function errorResponses(...statuses: number[]): Record<number, { description: string; content: { 'application/json': { schema: typeof ErrorBodySchema } } }> {
  return Object.fromEntries(
    statuses.map((status) => [status, { description: readReasonPhrase(status), content: { 'application/json': { schema: ErrorBodySchema } } }]),
  );
}
