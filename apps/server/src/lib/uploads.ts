import type { MultipartFile } from '@fastify/multipart';
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

/**
 * The one file of a multipart request: `use` gets its cleaned name and a reader of its bytes. Parser failures
 * answer 4xx; the rest of the stream is drained when `use` refuses the file early.
 */
export async function withUploadedFile<T>(
  request: FastifyRequest,
  use: (file: { fileName: string; read: () => Promise<Buffer> }) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw fieldError('file', 'MSG_00_21');
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch (error) {
    throw uploadError(error);
  }
  if (!part) throw fieldError('file', 'MSG_00_21');
  const file = part;
  const read = () =>
    file.toBuffer().catch((error: unknown) => {
      throw uploadError(error);
    });
  try {
    return await use({ fileName: cleanFileName(file.filename), read });
  } catch (error) {
    file.file.resume();
    throw error;
  }
}
