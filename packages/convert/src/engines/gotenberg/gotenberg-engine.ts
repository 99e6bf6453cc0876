import { checkEngineInput } from '../../check-engine-input.js';
import { checkOutput } from '../../check-output.js';
import { ConversionError, isConversionError } from '../../conversion-error.js';
import { OUTPUT_CONTENT_TYPES, type ConversionEngine, type ConversionRequest, type ConversionResult, type InputFormat, type OutputFormat } from '../../engine.js';
import { buildGotenbergForm } from './build-gotenberg-form.js';
import { mapGotenbergStatus } from './map-gotenberg-status.js';
import { normalizeGotenbergOptions, type GotenbergEngineOptions } from './normalize-gotenberg-options.js';
import { readCappedStream } from 'quire/package';

// Only the first line of an error body is used; this bounds what is read of it.
const MAX_ERROR_BODY = 4096;

/**
 * Returns an engine that sends PDF conversions to a Gotenberg 8 cluster: DOCX through its
 * LibreOffice route, HTML and Markdown through its Chromium routes (with a policy that blocks
 * every fetch). It does not write DOCX; callers convert DOCX output locally. Throws a
 * `QuireOptionsError` for invalid options.
 */
export function createGotenbergEngine(options: GotenbergEngineOptions): ConversionEngine {
  const settings = normalizeGotenbergOptions(options);
  let closed = false;

  const supports = (_from: InputFormat, to: OutputFormat): boolean => to === 'pdf';

  return {
    name: 'gotenberg',
    supports,
    async convert(input: Uint8Array, request: ConversionRequest): Promise<ConversionResult> {
      if (closed) throw new ConversionError('CONVERT_ENGINE_UNAVAILABLE', 'The Gotenberg engine is closed.', { engine: 'gotenberg' });
      if (!supports(request.from, request.to)) {
        throw new ConversionError('CONVERT_UNSUPPORTED_PAIR', `Gotenberg converts to PDF only, not to ${request.to}.`, { engine: 'gotenberg' });
      }
      await checkEngineInput(input, request.from, 'gotenberg');
      request.signal?.throwIfAborted();

      const { path, form } = buildGotenbergForm(input, request.from);
      const timeoutMs = request.timeoutMs ?? settings.timeoutMs;
      const controller = new AbortController();
      const timer = setTimeout(() => {
        controller.abort(new ConversionError('CONVERT_TIMEOUT', `Gotenberg did not answer within ${timeoutMs} ms.`, { engine: 'gotenberg' }));
      }, timeoutMs);
      const onAbort = () => controller.abort(request.signal?.reason);
      request.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const response = await settings.fetch(`${settings.baseUrl}${path}`, {
          method: 'POST',
          body: form,
          headers: settings.headers,
          signal: controller.signal,
        });
        if (!response.ok) throw mapGotenbergStatus(response.status, await readErrorText(response));
        const bytes = await readCapped(response, settings.maxOutputBytes);
        const valid = await checkOutput(bytes, 'pdf');
        if (!valid.ok) throw new ConversionError('CONVERT_OUTPUT_INVALID', `Gotenberg's answer is not a PDF: ${valid.reason}`, { engine: 'gotenberg' });
        return { bytes, contentType: OUTPUT_CONTENT_TYPES.pdf, warnings: [] };
      } catch (error) {
        if (controller.signal.aborted) throw controller.signal.reason;
        if (isConversionError(error)) throw error;
        throw new ConversionError(
          'CONVERT_ENGINE_UNAVAILABLE',
          `Gotenberg at ${settings.baseUrl} could not be reached: ${error instanceof Error ? error.message : String(error)}`,
          { engine: 'gotenberg', cause: error },
        );
      } finally {
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', onAbort);
      }
    },
    async close(): Promise<void> {
      closed = true;
    },
  };
}

async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  return readCappedStream(response.body, maxBytes, () => tooLarge(maxBytes));
}

async function readErrorText(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (text.length < MAX_ERROR_BODY) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}

function tooLarge(maxBytes: number): ConversionError {
  return new ConversionError('CONVERT_OUTPUT_INVALID', `Gotenberg's answer is larger than ${maxBytes} bytes.`, { engine: 'gotenberg' });
}
