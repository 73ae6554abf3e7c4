/**
 * The one way a call takes files: its multipart body (a `data` JSON field and file parts) is read part by part, each
 * file checked by the use's rule (`UPLOAD_RULES`) and the caller's own checks before a byte is read, then streamed
 * through the content check into the storage, never held in memory. What was stored is deleted again when anything
 * after it fails, the caller's work included.
 */
import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import {
  fileKindOfName,
  hasSameFileName,
  UPLOAD_KIND_MIME_TYPES,
  UPLOAD_RULES,
  type UploadUse,
} from '@junkan/shared/upload-rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, fieldError } from '../../lib/app-error';
import { checkFileContent } from './file-content';
import type { FileStorage } from './file-storage';
import { type StoredFile, storedRefOf } from './stored-file';
import { DATA_FIELD_MAX_BYTES, parseDataField } from './upload-data';

/**
 * Lets the calls of a plugin scope take multipart bodies (no call outside it does): at most `files` files and, with
 * `data`, the one `data` field. The parser takes one file more than that, so that the upload itself answers the
 * extra one (`MSG_28_5` on its field) instead of the parser cutting the body; sizes are the upload's (its rule).
 */
export function takeUploads(app: FastifyInstance, limits: { files: number; data: boolean }) {
  // A call with data reads one field (a second is the upload's `invalid_format`); one without ignores a few.
  const fields = limits.data ? 2 : 5;
  return app.register(fastifyMultipart, {
    limits: {
      files: limits.files + 1,
      fields,
      fieldSize: limits.data ? DATA_FIELD_MAX_BYTES : 1024,
      parts: limits.files + 1 + fields,
    },
  });
}

/** What a call takes, and how it refuses what it does not. */
export interface UploadPolicy<S extends z.ZodTypeAny> {
  /** Whose kinds, size limit and files per slot apply (`UPLOAD_RULES`). */
  use: UploadUse;
  /** The first segment of the stored objects' keys (`permits/2026/11/<uuid>`). */
  folder: string;
  /**
   * The schema of the `data` field: parsed as soon as it arrives (sent first, bad data is refused before a file is
   * stored), and required; another text field or a second `data` is `invalid_format`. A call
   * without data ignores text fields.
   */
  data?: S;
  /**
   * The slot a file part's field name fills (the n-th invoice's files), or null: the part is refused,
   * `invalid_format` on `refuseAs` (the part's own field unless given). Default: the one field `file`.
   */
  slotOf?: (field: string) => number | null;
  /** The field a refused part is named under (the invoices' `files`). */
  refuseAs?: string;
  /** Files one slot takes (`MSG_28_5` past it): the use's count unless given. */
  maxFiles?: number;
  /** Refuses a name the slot already holds (`upload_file_same_name_error`), ignoring case and Unicode form. */
  uniqueNames?: boolean;
  /** Refuses a body without a file (`MSG_00_21` on `file`). */
  required?: boolean;
  /**
   * The caller's checks of a file before a byte of it is read (the owner takes it, the files it holds already);
   * may answer a size limit below the use's for this file.
   */
  admit?: (file: {
    field: string;
    slot: number;
    fileName: string;
  }) => Promise<number | undefined> | Promise<void>;
  /** How a file over its limit is answered: 413 `file_too_large` unless given. */
  tooLarge?: () => AppError;
}

/** What the call's work gets: the data, and the stored files. */
interface AcceptedUpload<D> {
  data: D;
  /** The files of each slot in the order sent; a slot without files is empty. */
  slots: StoredFile[][];
  /** The first file of the first slot (a call taking one file), or null. */
  file: StoredFile | null;
}

/**
 * Reads the body of `request` by `policy`, then runs `use` with what it accepted. Each file is refused, with the
 * code on its field, in this order: a field the call does not take, a full slot, the caller's `admit`, the kind by
 * name, a name the slot holds, and while it streams the content (400) and the size (413). A broken body is 400.
 * Whatever was stored is deleted when reading or `use` fails.
 *
 * @example
 *   acceptUpload(app.files, request, { use: 'PERMIT', folder: 'permits', data: permitInputSchema },
 *     ({ data, file }) => createPermit(app, request.caller(), data, file));
 */
export async function acceptUpload<S extends z.ZodTypeAny = z.ZodUndefined, T = unknown>(
  files: FileStorage,
  request: FastifyRequest,
  policy: UploadPolicy<S>,
  use: (upload: AcceptedUpload<z.output<S>>) => Promise<T>,
): Promise<T> {
  const rule = UPLOAD_RULES[policy.use];
  const slotOf = policy.slotOf ?? ((field: string) => (field === 'file' ? 0 : null));
  const maxFiles = policy.maxFiles ?? rule.maxFiles;
  const slots: StoredFile[][] = [];
  let raw: string | undefined;
  let data: z.output<S> | undefined;
  try {
    try {
      await forEachPart(
        request,
        rule.maxBytes,
        (name, value, truncated) => {
          if (!policy.data) return;
          // The parser cuts a text field at its `fieldSize`: what is left is no longer what was sent.
          if (truncated) throw fieldError(name, 'request_too_large');
          if (name !== 'data' || raw !== undefined)
            throw fieldError(name === 'data' ? 'data' : name, 'invalid_format');
          raw = value;
          data = parseDataField(policy.data, value);
        },
        async (part) => {
          const slot = slotOf(part.field);
          if (slot === null) throw fieldError(policy.refuseAs ?? part.field, 'invalid_format');
          const list = slots[slot] ?? [];
          slots[slot] = list;
          if (list.length >= maxFiles) throw fieldError(part.field, 'MSG_28_5');
          const limit = await policy.admit?.({ field: part.field, slot, fileName: part.fileName });
          const kind = fileKindOfName(part.fileName);
          if (!kind || !rule.kinds.includes(kind)) throw fieldError(part.field, 'upload_file_type_error');
          if (
            policy.uniqueNames &&
            hasSameFileName(
              part.fileName,
              list.map((f) => f.fileName),
            )
          )
            throw fieldError(part.field, 'upload_file_same_name_error');
          const mimeType = UPLOAD_KIND_MIME_TYPES[kind];
          const object = await files.put(files.newKey(policy.folder), checkFileContent(part.stream, kind), {
            maxBytes: typeof limit === 'number' ? limit : rule.maxBytes,
            contentType: mimeType,
          });
          list.push({
            fileName: part.fileName,
            mimeType,
            size: object.size,
            sha256: object.sha256,
            storageDriver: object.driver,
            storageKey: object.key,
          });
        },
      );
    } catch (error) {
      // The parser's and the storage's limits speak of one file; a call may answer its own rule instead.
      if (policy.tooLarge && error instanceof AppError && error.code === 'file_too_large')
        throw policy.tooLarge();
      throw error;
    }
    if (policy.data && raw === undefined) throw fieldError('data', 'MSG_00_21');
    if (policy.required && slots.flat().length === 0) throw fieldError('file', 'MSG_00_21');
    for (let i = 0; i < slots.length; i++) slots[i] ??= [];
    return await use({ data: data as z.output<S>, slots, file: slots[0]?.[0] ?? null });
  } catch (error) {
    await files.deleteQuietly(slots.flat().map(storedRefOf), request.log);
    throw error;
  }
}

/** The name as stored: without any folder part the browser sent, NFC-normalised. */
function cleanFileName(raw: string): string {
  const name = (raw.split(/[\\/]/).pop() ?? '').normalize('NFC').trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (!name || /[\u0000-\u001f\u007f]/.test(name)) throw fieldError('file', 'invalid_format');
  if (name.length > 255) throw fieldError('file', 'max_length_exceeded');
  return name;
}

/**
 * What the multipart parser throws is the sender's fault: a file over its size is 413 `file_too_large`; more files
 * than the call takes is `MSG_28_5` on `file`; more text fields or parts than it reads is 400
 * `request_too_complex` (nothing was too large), another limit of the whole body 413 `request_too_large`; any
 * other parse failure (no boundary, a boundary that never appears, a truncated or malformed part) is 400
 * `invalid_format` on `file`.
 */
function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('file_too_large', 'File too large');
  if (code === 'FST_FILES_LIMIT') return fieldError('file', 'MSG_28_5');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new AppError('request_too_complex', 'Request too complex');
  // Any other limit of the body as a whole.
  if (statusCode === 413) return new AppError('request_too_large', 'Request too large');
  return fieldError('file', 'invalid_format');
}

/** One file part as it arrives: its field, its cleaned name, and its bytes (never held whole in memory). */
interface UploadedPart {
  field: string;
  fileName: string;
  /** The bytes, chunk by chunk; the parser stops after `maxBytes` + 1, so a caller counting sees the excess. */
  stream: AsyncIterable<Buffer>;
}

/**
 * The parts of a multipart request in the order sent: `onField` gets each text field, `onFile` each file as a
 * stream to read once. A body that is not multipart is `MSG_00_21` on `file`, a broken body 400, a file over
 * `maxBytes` 413; what the callbacks refuse (an AppError) is answered as it is. The rest of the body is drained
 * whatever the outcome.
 */
async function forEachPart(
  request: FastifyRequest,
  maxBytes: number,
  onField: (name: string, value: string, truncated: boolean) => void,
  onFile: (file: UploadedPart) => Promise<void>,
): Promise<void> {
  if (!request.isMultipart()) throw fieldError('file', 'MSG_00_21');
  const parts = request.parts({ limits: { fileSize: maxBytes + 1 } })[Symbol.asyncIterator]();
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
        onField(part.fieldname, typeof part.value === 'string' ? part.value : '', part.valueTruncated);
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
        // A failure while the body was being read is the sender's (a truncated or malformed part). The parser may
        // destroy the part's stream itself without an 'error' event reaching a listener: `errored` holds it then.
        const broken = sourceError ?? file.errored;
        if (broken) throw uploadError(broken);
        throw error;
      } finally {
        if (!file.destroyed) file.resume();
      }
    }
  } finally {
    // Once the parser has stopped, the rest of the body is read and dropped here.
    if (!request.raw.readableEnded) request.raw.resume();
  }
}
