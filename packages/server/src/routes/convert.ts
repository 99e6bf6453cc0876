import { createRoute, z } from '@hono/zod-openapi';
import { type EngineRegistry, INPUT_FORMATS, OUTPUT_FORMATS, REVIEW_MARKUPS, type Env, type InputFormat, type OutputFormat, type ReviewMarkup, isLocaleTag, formatByteSize } from '@quire/convert';
import { requireApiKey } from '../auth/require-api-key.js';
import { buildContentDisposition } from '../convert/content-disposition.js';
import { createConversionGate } from '../convert/conversion-gate.js';
import type { ConvertLimits } from '../convert/convert-limits.js';
import { FILE_PART_NAME, readUpload } from '../convert/read-upload.js';
import { resolveUploadFormat } from '../convert/resolve-upload-format.js';
import { runConversion } from '../convert/run-conversion.js';
import { waitForSlot } from '../convert/wait-for-slot.js';
import { buildWarningHeaders, MAX_WARNINGS_HEADER_BYTES } from '../convert/warning-headers.js';
import type { ServerDeps } from '../deps.js';
import { ApiError } from '../errors/api-error.js';
import { createRouter } from '../http/create-router.js';
import { errorResponses } from '../http/openapi-errors.js';

/** What `POST /v1/convert` runs with, besides the shared dependencies. */
export interface ConvertRouteOptions {
  /** The engines, created once by the server. */
  engines: EngineRegistry;
  limits: ConvertLimits;
  /** The environment holding `QUIRE_ENGINE`. */
  env: Env;
}

const binaryFile = { type: 'string', format: 'binary' } as const;

const describeConvertRoute = (deps: ServerDeps, limits: ConvertLimits) =>
  createRoute({
    method: 'post',
    path: '/v1/convert',
    summary: 'Convert a DOCX, Markdown or HTML file to PDF or DOCX',
    description:
      `Send the file as the multipart part \`${FILE_PART_NAME}\` (at most ${formatByteSize(limits.maxUploadBytes)}). Without \`from\`, the format is ` +
      'detected: a Word package is docx, text is taken at its file extension (.md, .markdown, .txt, .html, .htm), else html when it ' +
      `starts like an HTML page and md otherwise. Limits: ${limits.maxConcurrentPerKey} conversions at once per key (429); a bounded ` +
      `server queue: a request beyond it, or one whose conversion has not started ${limits.maxQueueWaitMs} ms after its upload, gets 503 CONVERT_BUSY ` +
      `(never started: retry); ${limits.timeoutMs} ms for the conversion's work, from when it starts, not counting the wait (504 CONVERT_TIMEOUT); ` +
      '429 and 503 carry Retry-After. Documents never cause a fetch.',
    security: [{ apiKey: [] }],
    middleware: [requireApiKey(deps)] as const,
    request: {
      query: z.object({
        from: z.enum(INPUT_FORMATS as [InputFormat, ...InputFormat[]]).optional().openapi({ description: 'Format of the file; detected when absent.' }),
        to: z.enum(OUTPUT_FORMATS as [OutputFormat, ...OutputFormat[]]).optional().openapi({ description: 'Target format; default pdf.' }),
        locale: z
          .string()
          .refine(isLocaleTag, 'expected a BCP 47 language tag such as en-US')
          .optional()
          .openapi({
            example: 'en-US',
            description: 'Chooses the paper of PDF pages whose source gives no size: US Letter for en-US, es-MX, fr-CA and the other Letter regions, A4 elsewhere (the default). Built-in engine only.',
          }),
        markup: z
          .enum(REVIEW_MARKUPS as [ReviewMarkup, ...ReviewMarkup[]])
          .optional()
          .openapi({
            description:
              'How a DOCX\'s tracked changes and comments are printed in a PDF: none (default), as if every change were accepted; original, as if every change were rejected; ' +
              'all, both, insertions underlined and deletions struck through in their author\'s colour, a bar beside each changed line and the comments in a margin beside each page, ' +
              'shrunk with the page onto its paper as Word prints markup. Markdown, HTML and DOCX output ignore it. Built-in engine only: another engine asked for with all or original is 501 CONVERT_MARKUP_UNSUPPORTED.',
          }),
      }),
      // A plain schema, not zod: a zod body would make the router buffer the whole form.
      body: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', required: [FILE_PART_NAME], properties: { [FILE_PART_NAME]: binaryFile } },
          },
        },
      },
    },
    responses: {
      200: {
        description: 'The converted file, as an attachment named after the input.',
        headers: {
          'Content-Disposition': { schema: { type: 'string' }, example: 'attachment; filename="report.pdf"' },
          'X-Quire-Engine': { schema: { type: 'string', enum: ['builtin', 'libreoffice', 'gotenberg'] } },
          'X-Quire-Warnings-Count': { schema: { type: 'integer', minimum: 0 }, description: 'How many warnings the conversion gave (content dropped or shown approximately).' },
          'X-Quire-Warnings': {
            schema: { type: 'string' },
            example: '["remote image not fetched: https://example.com/a.png"]',
            description: `The warnings as a JSON array of strings, ASCII with \\u escapes, at most ${MAX_WARNINGS_HEADER_BYTES} bytes; absent without warnings. Those that do not fit are left out (compare with X-Quire-Warnings-Count).`,
          },
        },
        content: { 'application/pdf': { schema: binaryFile }, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { schema: binaryFile } },
      },
      ...errorResponses(400, 401, 413, 415, 422, 429, 500, 501, 503, 504),
    },
  });

/**
 * Returns the router of `POST /v1/convert`: checks the key, admits the request within the per-key
 * and server limits, streams the upload under its cap, settles the input format, converts and
 * answers the file as an attachment. Failures are catalogue errors (`CONVERT_*`).
 */
export function convertRoutes(deps: ServerDeps, options: ConvertRouteOptions): ReturnType<typeof createRouter> {
  const { limits } = options;
  const gate = createConversionGate(limits);
  deps.metrics.watchConversionLoad(() => gate.load);
  const retryAfter = { 'retry-after': String(limits.retryAfterSeconds) };
  const waitedTooLong = () =>
    new ApiError('CONVERT_BUSY', {
      message: `The server is converting too many documents: this conversion did not start within ${limits.maxQueueWaitMs} ms of its upload and was not started. Retry after the time given in Retry-After.`,
      headers: retryAfter,
    });
  const router = createRouter();
  router.openapi(describeConvertRoute(deps, limits), async (c) => {
    const query = c.req.valid('query');
    const to = query.to ?? 'pdf';
    const apiKey = c.get('apiKey');
    const admission = gate.admit(String(apiKey.id));
    if (!admission.ok) {
      deps.metrics.conversionRefused(admission.limit === 'key' ? 'key_limit' : 'queue_full');
      throw new ApiError(admission.limit === 'key' ? 'CONVERT_RATE_LIMITED' : 'CONVERT_BUSY', { headers: retryAfter });
    }
    const { ticket } = admission;
    const signal = c.req.raw.signal;
    try {
      const upload = await readUpload(c.req.raw, { maxFileBytes: limits.maxUploadBytes });
      const from = await resolveUploadFormat(upload.bytes, query.from, upload.fileName);
      const slot = await waitForSlot(ticket, { maxWaitMs: limits.maxQueueWaitMs, signal });
      if (!slot.started) {
        deps.metrics.conversionRefused('queue_wait');
        throw waitedTooLong();
      }
      const startedAt = performance.now();
      const result = await runConversion(
        { bytes: upload.bytes, from, to, fileName: upload.fileName, locale: query.locale, markup: query.markup },
        {
          engines: options.engines,
          env: options.env,
          timeoutMs: limits.timeoutMs,
          maxQueueWaitMs: slot.msLeft,
          maxInputBytes: limits.maxUploadBytes,
          retryAfterSeconds: limits.retryAfterSeconds,
          signal,
          metrics: deps.metrics,
          // The engine's queue took the rest of the wait: one answer, whichever queue it was spent in.
          waitedOut: waitedTooLong,
        },
      );
      deps.logger.info(
        {
          requestId: c.get('requestId'),
          key: apiKey.prefix,
          engine: result.engine,
          from,
          to,
          inputBytes: upload.bytes.byteLength,
          outputBytes: result.bytes.byteLength,
          ms: Math.round(performance.now() - startedAt),
          warnings: result.warnings.length,
        },
        'converted',
      );
      const body = new Uint8Array(result.bytes.buffer as ArrayBuffer, result.bytes.byteOffset, result.bytes.byteLength);
      return new Response(body, {
        status: 200,
        headers: {
          'content-type': result.contentType,
          'content-disposition': buildContentDisposition(upload.fileName, to),
          'content-length': String(result.bytes.byteLength),
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          'x-quire-engine': result.engine,
          ...buildWarningHeaders(result.warnings),
        },
      });
    } catch (error) {
      if (!signal.aborted || error instanceof ApiError) throw error;
      // The client went away: nobody reads this answer; 499 (a common log convention) says so in the logs.
      return new Response(null, { status: 499 });
    } finally {
      ticket.release();
    }
  });
  return router;
}
