/**
 * The multipart body of opening an inquiry or replying: a `data` field (JSON) and at most one `file`. The data is
 * checked as soon as it arrives (the web app sends it first), and the inquiry's rules before a byte of the file is
 * read: who may write, the kind, the name, and the room left of the inquiry's 100 MB, which is the most the
 * storage then accepts. The file is streamed into the storage (content checked on the way), never held in
 * memory; whatever was stored is deleted again when anything after it fails.
 */
import {
  checkInquiryUpload,
  fileKindOfName,
  inquiryUploadBudget,
  UPLOAD_KIND_MIME_TYPES,
  UPLOAD_RULES,
} from '@junkan/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, fieldError } from '../../lib/app-error';
import { parseDataField } from '../../lib/multipart-data';
import { forEachUploadedPart } from '../../lib/uploads';
import { checkFileContent } from '../project-core/file-content';
import { type StoredInquiryFile, uploadRefusal } from './inquiries.service';

/** A file over what is left of the inquiry's 100 MB, however it was noticed (the parser or the storage). */
const tooLarge = () => uploadRefusal('max_100MB_upload');

export async function withInquiryUpload<S extends z.ZodTypeAny, T>(
  app: FastifyInstance,
  request: FastifyRequest,
  schema: S,
  /** The files the inquiry holds; throws when the caller may not add to it (404, closed). */
  existingFiles: () => Promise<{ fileName: string; size: number }[]>,
  use: (data: z.output<S>, file: StoredInquiryFile | null) => Promise<T>,
): Promise<T> {
  let raw: string | undefined;
  let data: z.output<S> | undefined;
  let file: StoredInquiryFile | null = null;
  try {
    try {
      await forEachUploadedPart(
        request,
        { maxBytes: UPLOAD_RULES.INQUIRY.maxBytes },
        (name, value) => {
          if (name !== 'data' || raw !== undefined)
            throw fieldError(name === 'data' ? 'data' : name, 'invalid_format');
          raw = value;
          data = parseDataField(schema, value);
        },
        async (part) => {
          if (part.field !== 'file') throw fieldError(part.field, 'invalid_format');
          // One file per upload (section 5).
          if (file) throw uploadRefusal('MSG_28_5');
          const existing = await existingFiles();
          const refused = checkInquiryUpload([{ fileName: part.fileName }], existing);
          if (refused) throw uploadRefusal(refused);
          const budget = inquiryUploadBudget(existing);
          if (budget === 0) throw tooLarge();
          const kind = fileKindOfName(part.fileName)!;
          const mimeType = UPLOAD_KIND_MIME_TYPES[kind];
          const object = await app.files.put(
            app.files.newKey('inquiries'),
            checkFileContent(part.stream, kind),
            {
              maxBytes: budget,
              contentType: mimeType,
            },
          );
          file = {
            fileName: part.fileName,
            mimeType,
            size: object.size,
            sha256: object.sha256,
            storageDriver: object.driver,
            storageKey: object.key,
          };
        },
      );
    } catch (error) {
      // The parser's and the storage's size limits speak of one file; for an inquiry the rule is its 100 MB.
      if (error instanceof AppError && error.code === 'file_too_large') throw tooLarge();
      throw error;
    }
    if (data === undefined) data = parseDataField(schema, raw);
    return await use(data as z.output<S>, file);
  } catch (error) {
    const stored = file as StoredInquiryFile | null;
    if (stored)
      await app.files.deleteQuietly([{ driver: stored.storageDriver, key: stored.storageKey }], app.log);
    throw error;
  }
}
