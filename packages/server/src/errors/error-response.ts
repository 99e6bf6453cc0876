import { HTTPException } from 'hono/http-exception';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { StoreUnavailableError } from '../store/detect-store-outages.js';
import { ApiError } from './api-error.js';
import { errorCatalogue, type ErrorCode } from './catalogue.js';
import { describeValidationIssues } from './describe-validation-issues.js';
import { readReasonPhrase } from './reason-phrases.js';

/** The JSON body of every error response. */
export interface ErrorBody {
  code: ErrorCode;
  error: string;
  message: string;
  requestId: string;
  details?: unknown;
}

/** One validation problem, as listed in `details` of a `REQUEST_INVALID`-style error. */
export interface ValidationIssue {
  path: string;
  message: string;
}

/** Turns zod issues into a short, client-safe list of `{ path, message }`. */
export function listValidationIssues(error: ZodError): ValidationIssue[] {
  return error.issues.slice(0, 20).map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/**
 * Maps any thrown value to the error response: `ApiError` keeps its code, a `ZodError` becomes
 * `REQUEST_INVALID` with the issues in `details`, Hono's body-parse and media-type failures
 * become `REQUEST_JSON_MALFORMED` and `REQUEST_UNSUPPORTED_MEDIA_TYPE`, a store outage becomes
 * `STORE_UNAVAILABLE` (503, logged); anything else is logged and answered as `INTERNAL`. No stack
 * ever reaches the body.
 */
export function createErrorResponse(error: unknown, requestId: string, logger: Logger): Response {
  const normalized = normalizeError(error);
  if (normalized.code === 'INTERNAL') logger.error({ err: error, requestId }, 'unhandled error');
  if (error instanceof StoreUnavailableError) logger.error({ err: error, requestId }, 'store unavailable');
  return renderError(normalized, requestId);
}

/** An error answer in parts, for hosts that write to the socket themselves (see `node/answer-client-error.ts`). */
export interface ErrorAnswer {
  status: number;
  /** Lower-case header names: `content-type`, `x-request-id` and the error's own. */
  headers: Record<string, string>;
  /** The JSON {@link ErrorBody}. */
  body: string;
}

/** Describes an {@link ApiError} as its status (from the catalogue), headers and JSON body. */
export function describeError(error: ApiError, requestId: string): ErrorAnswer {
  const { status } = errorCatalogue[error.code];
  const body: ErrorBody = {
    code: error.code,
    error: readReasonPhrase(status),
    message: error.message,
    requestId,
    ...(error.details === undefined ? {} : { details: error.details }),
  };
  return {
    status,
    headers: { ...error.headers, 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId },
    body: JSON.stringify(body),
  };
}

/** Renders an {@link ApiError} as the JSON error response (status from the catalogue). */
export function renderError(error: ApiError, requestId: string): Response {
  const { status, headers, body } = describeError(error, requestId);
  return new Response(body, { status, headers });
}

function normalizeError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof StoreUnavailableError) return new ApiError('STORE_UNAVAILABLE');
  if (error instanceof ZodError) {
    const message = describeValidationIssues(errorCatalogue.REQUEST_INVALID.message, error);
    return new ApiError('REQUEST_INVALID', { message, details: listValidationIssues(error) });
  }
  if (error instanceof HTTPException) {
    // Hono's validators throw 400 for unparsable bodies and 415 for undeclared media types.
    if (error.status === 400) return new ApiError('REQUEST_JSON_MALFORMED');
    if (error.status === 413) return new ApiError('REQUEST_BODY_TOO_LARGE');
    if (error.status === 415) return new ApiError('REQUEST_UNSUPPORTED_MEDIA_TYPE');
  }
  return new ApiError('INTERNAL');
}
