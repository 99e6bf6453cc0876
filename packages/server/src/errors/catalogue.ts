/**
 * The one catalogue of stable error codes the server answers with, mapped to their HTTP status and
 * the generic message shown to clients. Codes follow `AREA_WHAT`; a code is never renamed or reused.
 * Each feature appends its own entries; keep this a plain object literal.
 */
export const errorCatalogue = {
  REQUEST_INVALID: { status: 400, message: 'The request is invalid.' },
  REQUEST_JSON_MALFORMED: { status: 400, message: 'The request body is not valid JSON.' },
  REQUEST_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  REQUEST_UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'The request body must be JSON (Content-Type: application/json).' },
  // Answered by the HTTP server before the router, when a request cannot be parsed at all.
  REQUEST_MALFORMED: { status: 400, message: 'The request is not valid HTTP/1.1 and was not read; the connection is closed.' },
  REQUEST_HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are larger than the server accepts; the connection is closed.' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request did not arrive in time; the connection is closed.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'No route matches this path.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed on this path.' },
  INTERNAL: { status: 500, message: 'An internal error occurred.' },
  STORE_UNAVAILABLE: { status: 503, message: 'The store is unavailable.' },
  SERVER_SHUTTING_DOWN: { status: 503, message: 'The server is shutting down.' },
  COLLECT_REPORT_INVALID: { status: 400, message: 'The telemetry report is invalid.' },
  USAGE_UNAUTHORIZED: { status: 401, message: 'An API key, a dashboard session or the admin token is required (Authorization: Bearer <token>).' },
  METRICS_UNAUTHORIZED: { status: 401, message: 'A valid admin token is required to read metrics (Authorization: Bearer <token>).' },
  USAGE_FORBIDDEN: { status: 403, message: 'Usage reading is disabled: no admin token is configured on this server.' },
  // Answered alike for a licence key of another account and one that does not exist, so keys cannot be probed.
  USAGE_LICENSE_NOT_FOUND: { status: 404, message: 'None of the licence keys of your account has this name.' },
  USAGE_RANGE_INVALID: { status: 400, message: 'The range is invalid: `from` must not be after `to`, and a summary covers at most 24 months.' },
  USAGE_RATE_LIMITED: { status: 429, message: 'Too many usage requests for this key. Retry after the time given in Retry-After.' },
  DASHBOARD_SESSION_MISSING: { status: 401, message: 'Sign in first: there is no dashboard session, or it has expired or ended.' },
  DASHBOARD_UNAVAILABLE: { status: 503, message: 'The dashboard is not built into this installation (npm run build writes dist/dashboard/).' },
  DASHBOARD_ORIGIN_REFUSED: { status: 403, message: 'Dashboard sign-in and sign-out are accepted only from the dashboard\'s own origin.' },
  AUTH_EMAIL_INVALID: { status: 400, message: 'The e-mail address is invalid.' },
  AUTH_CODE_INVALID: { status: 400, message: 'The code is wrong, expired or already used. Request a new code and try again.' },
  AUTH_RATE_LIMITED: { status: 429, message: 'Too many requests for this address or network. Retry after the time given in Retry-After.' },
  AUTH_MAIL_UNAVAILABLE: { status: 503, message: 'The verification e-mail could not be sent. Try again later.' },
  AUTH_SCHEME_MISSING: { status: 401, message: 'The Authorization header lacks the Bearer scheme: send `Authorization: Bearer sd_...`, not the key alone.' },
  AUTH_KEY_MISSING: { status: 401, message: 'An API key is required (Authorization: Bearer sd_...).' },
  AUTH_KEY_INVALID: { status: 401, message: 'The API key is invalid.' },
  AUTH_KEY_REVOKED: { status: 401, message: 'The API key was revoked. Request a new key.' },
  // /v1/rooms/{room} answers only WebSocket upgrades; refusals of a socket are close codes (docs/collaboration.md).
  ROOM_UPGRADE_REQUIRED: { status: 426, message: 'Rooms are joined over a WebSocket: open ws(s)://.../v1/rooms/{room}?token=... (see docs/collaboration.md).' },
  // POST /v1/convert. The codes of `ConversionError` (@quire/convert) appear here under the same names.
  CONVERT_MEDIA_TYPE_UNSUPPORTED: { status: 415, message: 'The body must be multipart/form-data with one file part named "file".' },
  CONVERT_MULTIPART_INVALID: { status: 400, message: 'The multipart body is malformed: no boundary, cut short or not multipart at all.' },
  CONVERT_FILE_MISSING: { status: 400, message: 'The form has no file part named "file".' },
  CONVERT_TOO_MANY_FILES: { status: 400, message: 'The form must hold exactly one file, in the part named "file".' },
  CONVERT_FORMAT_MISMATCH: { status: 415, message: 'The file is not of the format given in `from`.' },
  CONVERT_RATE_LIMITED: { status: 429, message: 'Too many conversions at once for this API key. Retry after the time given in Retry-After.' },
  CONVERT_BUSY: { status: 503, message: 'The server is converting too many documents. Retry after the time given in Retry-After.' },
  CONVERT_INPUT_TOO_LARGE: { status: 413, message: 'The file is larger than the upload limit.' },
  CONVERT_INPUT_INVALID: { status: 422, message: 'The file could not be read as the declared or detected format.' },
  CONVERT_UNSUPPORTED_PAIR: { status: 501, message: 'This server has no engine that converts between these formats.' },
  CONVERT_TIMEOUT: { status: 504, message: 'The conversion did not finish within the time limit.' },
  CONVERT_ENGINE_UNAVAILABLE: { status: 503, message: 'The conversion engine is unavailable.' },
  CONVERT_ENGINE_FAILED: { status: 500, message: 'The conversion engine failed.' },
  CONVERT_OUTPUT_INVALID: { status: 500, message: 'The conversion engine produced an invalid file.' },
  CONVERT_MARKUP_UNSUPPORTED: { status: 501, message: 'Only the built-in engine prints review markup other than none.' },
} as const satisfies Record<string, { status: number; message: string }>;

/** A stable error code from the catalogue. */
export type ErrorCode = keyof typeof errorCatalogue;
