import { Busboy, type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import { ApiError } from '../errors/api-error.js';
import { concatBytes } from 'quire/package';
import { formatByteSize } from '@quire/convert';

/** The file of a `POST /v1/convert` form. */
export interface Upload {
  bytes: Uint8Array;
  /** The part's file name without any path, when the client sent one. */
  fileName: string | undefined;
}

/** Limits of {@link readUpload}. */
export interface ReadUploadOptions {
  /** Largest file in bytes (`CONVERT_INPUT_TOO_LARGE` above). */
  maxFileBytes: number;
}

/** The form part that carries the file. */
export const FILE_PART_NAME = 'file';

// Room for the multipart framing, part headers and small text fields around the file.
const FRAMING_ALLOWANCE = 256 * 1024;
const MULTIPART_LIMITS = { fields: 16, fieldSize: 4096, parts: 20, headerPairs: 32, headerSize: 16 * 1024 };

/**
 * Reads the one file of a `multipart/form-data` request as a stream, never holding more than
 * the file cap plus a small allowance: a `Content-Length` over it is refused before reading, a
 * body that grows past it is cancelled. Text fields are ignored. Throws an `ApiError`:
 * `CONVERT_MEDIA_TYPE_UNSUPPORTED`, `CONVERT_MULTIPART_INVALID` (no boundary, cut short),
 * `CONVERT_FILE_MISSING`, `CONVERT_TOO_MANY_FILES`, `CONVERT_INPUT_TOO_LARGE` or `REQUEST_BODY_TOO_LARGE`.
 */
export async function readUpload(request: Request, options: ReadUploadOptions): Promise<Upload> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*(;|$)/i.test(contentType)) throw new ApiError('CONVERT_MEDIA_TYPE_UNSUPPORTED');
  const maxBodyBytes = options.maxFileBytes + FRAMING_ALLOWANCE;
  const declared = request.headers.get('content-length');
  if (declared !== null && (!/^\d+$/.test(declared) || Number(declared) > maxBodyBytes)) throw bodyTooLarge(maxBodyBytes);
  if (request.body === null) throw malformed('The request has no body.');

  let parser: BusboyInstance;
  try {
    parser = Busboy({
      headers: { 'content-type': contentType },
      limits: { ...MULTIPART_LIMITS, fileSize: options.maxFileBytes },
      // Every part named `file` is the file, with or without a file name (`curl -F "file=<in.md"`).
      isPartAFile: (fieldName, mimeType, fileName) => fieldName === FILE_PART_NAME || fileName !== undefined || mimeType === 'application/octet-stream',
    });
  } catch (error) {
    throw malformed(`The multipart Content-Type is unusable: ${error instanceof Error ? error.message : String(error)}.`);
  }
  const parsed = collectFile(parser, options.maxFileBytes);
  // The pump stops early once `parsed` has failed; its own outcome then does not matter.
  const pumped = pump(request.body, parser, maxBodyBytes, parsed);
  try {
    const [upload] = await Promise.all([parsed, pumped]);
    return upload;
  } catch (error) {
    parser.destroy();
    throw error;
  } finally {
    pumped.catch(() => undefined);
    parsed.catch(() => undefined);
  }
}

async function pump(body: ReadableStream<Uint8Array>, parser: BusboyInstance, maxBodyBytes: number, parsed: Promise<Upload>): Promise<void> {
  const reader = body.getReader();
  let stopped = false;
  const stop = () => {
    stopped = true;
    // Resolves a pending read with `done`, so the rest of the body is never read.
    reader.cancel().catch(() => undefined);
  };
  parsed.catch(stop);
  let total = 0;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw malformed(`The upload was cut off: ${error instanceof Error ? error.message : String(error)}.`);
      }
      const { done, value } = chunk;
      if (stopped) return;
      if (done) {
        parser.end();
        return;
      }
      total += value.byteLength;
      if (total > maxBodyBytes) {
        stop();
        throw bodyTooLarge(maxBodyBytes);
      }
      if (!parser.write(Buffer.from(value.buffer, value.byteOffset, value.byteLength))) {
        await Promise.race([new Promise((resolve) => parser.once('drain', resolve)), parsed]);
      }
    }
  } finally {
    reader.releaseLock();
  }
}

function collectFile(parser: BusboyInstance, maxFileBytes: number): Promise<Upload> {
  return new Promise<Upload>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const otherFileParts: string[] = [];
    let file: { fileName: string | undefined; ended: boolean } | undefined;
    let fileParts = 0;

    parser.on('file', (fieldName: string, stream: BusboyFileStream, fileName: string | undefined) => {
      fileParts += 1;
      stream.on('error', (error: unknown) => reject(malformed(describe(error))));
      if (fileParts > 1) {
        stream.resume();
        reject(new ApiError('CONVERT_TOO_MANY_FILES', { details: { fileParts: [...(file ? [FILE_PART_NAME] : []), ...otherFileParts, fieldName] } }));
        return;
      }
      if (fieldName !== FILE_PART_NAME) {
        otherFileParts.push(fieldName);
        stream.resume();
        return;
      }
      file = { fileName: fileName ? baseName(fileName) : undefined, ended: false };
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => reject(tooLarge(maxFileBytes)));
      stream.on('end', () => {
        if (file) file.ended = true;
      });
    });
    parser.on('partsLimit', () => reject(malformed(`The form has more than ${MULTIPART_LIMITS.parts} parts.`)));
    parser.on('fieldsLimit', () => reject(malformed(`The form has more than ${MULTIPART_LIMITS.fields} text fields.`)));
    parser.on('error', (error: unknown) => reject(malformed(describe(error))));
    parser.on('finish', () => {
      if (!file) {
        reject(new ApiError('CONVERT_FILE_MISSING', { details: { fileParts: otherFileParts } }));
        return;
      }
      if (!file.ended) {
        reject(malformed('The file part ends before its closing boundary.'));
        return;
      }
      resolve({ bytes: concatBytes(chunks), fileName: file.fileName });
    });
  });
}

function baseName(fileName: string): string {
  return fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
}

function describe(error: unknown): string {
  return error instanceof Error ? `The multipart body is malformed: ${error.message}.` : 'The multipart body is malformed.';
}

function malformed(message: string): ApiError {
  return new ApiError('CONVERT_MULTIPART_INVALID', { message });
}

function bodyTooLarge(maxBodyBytes: number): ApiError {
  return new ApiError('REQUEST_BODY_TOO_LARGE', {
    message: `The request body is larger than ${formatByteSize(maxBodyBytes)} (the upload limit plus room for the form around it).`,
    details: { maxBytes: maxBodyBytes },
  });
}

function tooLarge(maxFileBytes: number): ApiError {
  return new ApiError('CONVERT_INPUT_TOO_LARGE', {
    message: `The file is larger than the upload limit of ${formatByteSize(maxFileBytes)}.`,
    details: { maxBytes: maxFileBytes },
  });
}
