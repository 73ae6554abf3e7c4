/**
 * The multipart body of a registration or a correction: a `data` field (JSON) and the invoice files, each
 * streamed into the file storage as it arrives (kind, content, size, count and name checked on the way). What
 * was stored is deleted again when anything after it fails.
 */
import {
  fileKindOfName,
  hasSameFileName,
  INVOICE_MAX_FILES,
  UPLOAD_KIND_MIME_TYPES,
  UPLOAD_RULES,
} from '@junkan/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldError } from '../../lib/app-error';
import { forEachUploadedPart } from '../../lib/uploads';
import { checkFileContent } from '../project-core/file-content';
import type { StoredInvoiceFile } from './invoice-records';

const RULE = UPLOAD_RULES.INVOICE;

/**
 * Reads the body: `fileIndex` maps a file part's field name to the invoice it belongs to (null: refused).
 * `use` gets the data text and the stored files per invoice; if it throws, the stored files are deleted.
 */
export async function withInvoiceUpload<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  fileIndex: (field: string) => number | null,
  use: (data: string | undefined, files: StoredInvoiceFile[][]) => Promise<T>,
): Promise<T> {
  let data: string | undefined;
  const files: StoredInvoiceFile[][] = [];
  const stored = () => files.flat().map((f) => ({ driver: f.storageDriver, key: f.storageKey }));
  try {
    await forEachUploadedPart(
      request,
      { maxBytes: RULE.maxBytes },
      (name, value) => {
        if (name !== 'data' || data !== undefined)
          throw fieldError(name === 'data' ? 'data' : name, 'invalid_format');
        data = value;
      },
      async (file) => {
        const index = fileIndex(file.field);
        if (index === null) throw fieldError('files', 'invalid_format');
        const field = file.field;
        const list = files[index] ?? [];
        const kind = fileKindOfName(file.fileName);
        if (!kind || !RULE.kinds.includes(kind)) throw fieldError(field, 'upload_file_type_error');
        if (list.length >= INVOICE_MAX_FILES) throw fieldError(field, 'MSG_28_5');
        if (
          hasSameFileName(
            file.fileName,
            list.map((f) => f.fileName),
          )
        )
          throw fieldError(field, 'upload_file_same_name_error');
        const mimeType = UPLOAD_KIND_MIME_TYPES[kind];
        const object = await app.files.put(
          app.files.newKey('invoices'),
          checkFileContent(file.stream, kind),
          {
            maxBytes: RULE.maxBytes,
            contentType: mimeType,
          },
        );
        list.push({
          fileName: file.fileName,
          mimeType,
          size: object.size,
          sha256: object.sha256,
          storageDriver: object.driver,
          storageKey: object.key,
        });
        files[index] = list;
      },
    );
    for (let i = 0; i < files.length; i++) files[i] ??= [];
    return await use(data, files);
  } catch (error) {
    await app.files.deleteQuietly(stored(), app.log);
    throw error;
  }
}
