import { OpenAPIHono } from '@hono/zod-openapi';
import { ApiError } from '../errors/api-error.js';
import { listValidationIssues } from '../errors/error-response.js';
import type { ErrorCode } from '../errors/catalogue.js';
import type { AppEnv } from './app-env.js';

/**
 * Returns an empty `OpenAPIHono` router for one feature whose failed request validations become
 * `ApiError(code)` with the zod issues in `details` (default `REQUEST_INVALID`). Every feature
 * builds its routes on one of these so validation errors look the same everywhere.
 */
export function createRouter(invalidCode: ErrorCode = 'REQUEST_INVALID'): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw new ApiError(invalidCode, { details: listValidationIssues(result.error) });
    },
  });
}
