/**
 * The multipart body of a permit's registration or update: a `data` field (JSON) and at most one `file` part,
 * the PDF copy, streamed into the file storage as it arrives (name, content and size checked on the way). What was
 * stored is deleted again when anything after it fails.
 */

import { fileKindOfName, UPLOAD_KIND_MIME_TYPES, UPLOAD_RULES } from '@junkan/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldError } from '../../lib/app-error';
import { readDataField } from '../../lib/multipart-data';
import { forEachUploadedPart } from '../../lib/uploads';
import { checkFileContent } from '../project-core/file-content';
import type { StoredPermitFile } from './permits.service';

const RULE = UPLOAD_RULES.PERMIT;

export async function withPermitUpload<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  use: (data: unknown, file: StoredPermitFile | null) => Promise<T>,
): Promise<T> {
  let data: string | undefined;
  let file: StoredPermitFile | null = null;
  try {
    await forEachUploadedPart(
      request,
      { maxBytes: RULE.maxBytes },
      (name, value) => {
        if (name !== 'data' || data !== undefined)
          throw fieldError(name === 'data' ? 'data' : name, 'invalid_format');
        data = value;
      },
      async (part) => {
        if (part.field !== 'file') throw fieldError(part.field, 'invalid_format');
        if (file) throw fieldError('file', 'MSG_28_5');
        const kind = fileKindOfName(part.fileName);
        if (!kind || !RULE.kinds.includes(kind)) throw fieldError('file', 'upload_file_type_error');
        const mimeType = UPLOAD_KIND_MIME_TYPES[kind];
        // A body that ends inside the file is answered 400 by `forEachUploadedPart` (the part's stream errored).
        const object = await app.files.put(app.files.newKey('permits'), checkFileContent(part.stream, kind), {
          maxBytes: RULE.maxBytes,
          contentType: mimeType,
        });
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
    return await use(readDataField(data), file);
  } catch (error) {
    const stored = file as StoredPermitFile | null;
    if (stored)
      await app.files.deleteQuietly([{ driver: stored.storageDriver, key: stored.storageKey }], app.log);
    throw error;
  }
}
