import type { Logger } from 'pino';
import { ApiError } from '../errors/api-error.js';
import type { ErrorCode } from '../errors/catalogue.js';
import { describeError, type ErrorAnswer } from '../errors/error-response.js';
import type { ServerMetrics } from '../metrics/server-metrics.js';

/** What {@link createBeforeRoutingRefusal} needs. */
export interface BeforeRoutingRefusalOptions {
  nextRequestId: () => string;
  logger: Logger;
  metrics: ServerMetrics;
}

/**
 * Returns the answer to a request the host's HTTP server refused before the router saw it (see
 * `node/answer-client-error.ts`): the catalogue error `code` with a fresh request id, logged at
 * `info` with the host's own reason (`HPE_HEADER_OVERFLOW`...) and counted as route `(unparsed)`.
 */
export function createBeforeRoutingRefusal({ nextRequestId, logger, metrics }: BeforeRoutingRefusalOptions): (code: ErrorCode, reason?: string) => ErrorAnswer {
  return (code, reason) => {
    const answer = describeError(new ApiError(code), nextRequestId());
    logger.info({ requestId: answer.headers['x-request-id'], route: '(unparsed)', status: answer.status, code, reason }, 'request refused before routing');
    metrics.requestRefusedBeforeRouting(answer.status);
    return answer;
  };
}
