import type { Attachment } from '@junkan/shared/api/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError } from '../../../lib/api-client';
import { projectDetailQueryOptions } from '../../../lib/project-data/project-detail';
import { clearSession, getToken, isOnPublicPage, redirectToLogin } from '../../../lib/session';
import { projectAttachmentsQueryKey } from './project-attachments';

/**
 * POST /projects/{id}/attachments: one file as multipart/form-data. XMLHttpRequest rather than fetch, so
 * the upload's progress can be shown; no 10 s timeout (a 10 MB file may take longer on a slow line).
 */
export function uploadAttachment(
  projectId: number,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<Attachment> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/projects/${projectId}/attachments`);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: 'network_error' }));
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        // An empty or non-JSON answer is reported by its status below.
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as unknown as Attachment);
        return;
      }
      if (xhr.status === 401 && !isOnPublicPage()) {
        clearSession();
        redirectToLogin();
      }
      const fallback = xhr.status === 413 ? 'file_too_large' : 'unknown_error';
      reject(
        new ApiError({
          status: xhr.status,
          code: typeof body.code === 'string' ? body.code : fallback,
          message: typeof body.message === 'string' ? body.message : undefined,
          fields: body.fields as Record<string, string> | undefined,
        }),
      );
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

export function useUploadAttachment(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { file: File; onProgress?: (percent: number) => void }) =>
      uploadAttachment(projectId, args.file, args.onProgress),
    // The project's detail carries its files too (the confirm step lists them).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectAttachmentsQueryKey(projectId) }),
        queryClient.invalidateQueries({ queryKey: projectDetailQueryOptions(projectId).queryKey }),
      ]),
  });
}
