import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from './app-error';

/** The name as stored: without any folder part the browser sent, NFC-normalised. */
export function cleanFileName(raw: string): string {
  const name = (raw.split(/[\\/]/).pop() ?? '').normalize('NFC').trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (!name || /[\u0000-\u001f\u007f]/.test(name)) throw fieldError('file', 'invalid_format');
  if (name.length > 255) throw fieldError('file', 'max_length_exceeded');
  return name;
}

/**
 * What the multipart parser throws is the sender's fault: a body over a limit is 413 `file_too_large`, any
 * other parse failure (no boundary, a boundary that never appears, a truncated or malformed part) is 400.
 */
function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE' || statusCode === 413)
    return new AppError('file_too_large', 'File too large');
  return fieldError('file', 'invalid_format');
}

/** The one file of a multipart request as it arrives: never held whole in memory. */
export interface UploadedFile {
  fileName: string;
  /** The bytes, chunk by chunk; the parser stops after `maxBytes` + 1, so a caller counting sees the excess. */
  stream: AsyncIterable<Buffer>;
}

/**
 * The one file of a multipart request: `use` gets its cleaned name and its bytes as a stream (read them once,
 * e.g. into the file storage, which applies the size limit). A broken body answers 400 and one over `maxBytes` 413,
 * whether the parser or `use` noticed first; what `use` refuses itself (an AppError) is answered as it is.
 * Whatever the outcome, the rest of the request body is drained.
 */
export async function withUploadedFile<T>(
  request: FastifyRequest,
  options: { maxBytes: number },
  use: (file: UploadedFile) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw fieldError('file', 'MSG_00_21');
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: options.maxBytes + 1 } });
  } catch (error) {
    throw uploadError(error);
  }
  if (!part) throw fieldError('file', 'MSG_00_21');
  const file = part.file;
  let sourceError: unknown;
  file.on('error', (error) => {
    sourceError ??= error;
  });
  try {
    return await use({ fileName: cleanFileName(part.filename), stream: file });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A failure while the body was being read is the sender's (a truncated or malformed part). The parser may
    // destroy the part's stream itself without an 'error' event reaching a listener: `errored` holds it then.
    const broken = sourceError ?? file.errored;
    if (broken) throw uploadError(broken);
    throw error;
  } finally {
    if (!file.destroyed) file.resume();
    // Once the parser has stopped (the file stream destroyed), the rest of the body is read and dropped here.
    if (!request.raw.readableEnded) request.raw.resume();
  }
}

/** One file part of a multipart request with several (its field name says what it belongs to). */
export interface UploadedPart extends UploadedFile {
  field: string;
}

/**
 * A multipart request of text fields and several files, in the order sent: `onField` gets each field's text,
 * `onFile` each file as a stream (read it once, e.g. into the file storage). No file is held whole in memory.
 * A broken body answers 400, a file over `maxBytes` 413, a text field over the parser's `fieldSize` 413
 * `request_too_large`; what the callbacks refuse (an AppError) is answered as it is. The rest of the body is drained whatever the outcome.
 */
export async function forEachUploadedPart(
  request: FastifyRequest,
  options: { maxBytes: number },
  onField: (name: string, value: string) => void | Promise<void>,
  onFile: (file: UploadedPart) => Promise<void>,
): Promise<void> {
  if (!request.isMultipart()) throw fieldError('file', 'MSG_00_21');
  const parts = request.parts({ limits: { fileSize: options.maxBytes + 1 } })[Symbol.asyncIterator]();
  try {
    while (true) {
      let next: IteratorResult<Multipart>;
      try {
        next = await parts.next();
      } catch (error) {
        throw uploadError(error);
      }
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        // The parser cuts a text field at its `fieldSize`: what is left is no longer what was sent.
        if (part.valueTruncated) throw fieldError(part.fieldname, 'request_too_large');
        await onField(part.fieldname, typeof part.value === 'string' ? part.value : '');
        continue;
      }
      const file = part.file;
      let sourceError: unknown;
      file.on('error', (error) => {
        sourceError ??= error;
      });
      try {
        await onFile({ field: part.fieldname, fileName: cleanFileName(part.filename), stream: file });
      } catch (error) {
        if (error instanceof AppError) throw error;
        const broken = sourceError ?? file.errored;
        if (broken) throw uploadError(broken);
        throw error;
      } finally {
        if (!file.destroyed) file.resume();
      }
    }
  } finally {
    if (!request.raw.readableEnded) request.raw.resume();
  }
}
