import type { DriverMarkResultAnswer } from '@junkan/shared/api/drivers';
import { sendMultipart } from '../../../lib/multipart';

/** A photo of a resized JPEG is a few hundred kB: a minute is long enough on a slow line. */
const PHOTO_TIMEOUT_MS = 60_000;

/** PUT /driver/marks/{clientId}/photo: the photo of a stored mark (the same photo again changes nothing). */
export function sendMarkPhoto(clientId: string, photo: Blob): Promise<DriverMarkResultAnswer> {
  const form = new FormData();
  form.append('file', photo, 'photo.jpg');
  return sendMultipart<DriverMarkResultAnswer>(
    'PUT',
    `/driver/marks/${encodeURIComponent(clientId)}/photo`,
    form,
    {
      handleUnauthorized: false,
      timeoutMs: PHOTO_TIMEOUT_MS,
    },
  );
}
