import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ApiError } from '../errors/api-error.js';
import { listValidationIssues } from '../errors/error-response.js';
import { errorCatalogue, type ErrorCode } from '../errors/catalogue.js';
import { describeValidationIssues, type ReadSentValue } from '../errors/describe-validation-issues.js';
import type { AppEnv } from './app-env.js';

/**
 * Returns an empty `OpenAPIHono` router for one feature whose failed request validations become
 * `ApiError(code)` (default `REQUEST_INVALID`) with the reasons in the message and the zod issues
 * in `details`. Every feature builds its routes on one of these so validation errors look the
 * same everywhere.
 */
export function createRouter(invalidCode: ErrorCode = 'REQUEST_INVALID'): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const readSentValue: ReadSentValue = (path) =>
        result.target === 'query' && path.length === 1 ? (c as Context).req.query(String(path[0])) : undefined;
      throw new ApiError(invalidCode, {
        message: describeValidationIssues(errorCatalogue[invalidCode].message, result.error, readSentValue),
        details: listValidationIssues(result.error),
      });
    },
  });
}
