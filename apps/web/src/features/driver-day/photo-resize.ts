import { DRIVER_MARK_MAX } from '@junkan/shared/driver-rules';

/** JPEG quality of a stop's photo: a 1600 px photo comes to a few hundred kB. */
const JPEG_QUALITY = 0.8;

/** The size a photo is drawn at: its longest side at most `maxSide`, never enlarged, the ratio kept. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * A photo from the camera made small on the phone before it is kept and sent: its longest side at most
 * DRIVER_MARK_MAX.photoSide px, as a JPEG (the camera's own file may be 10 MB). The orientation the camera wrote is
 * applied by the decoder, and no metadata (the place it was taken) is carried over.
 */
export async function resizePhoto(file: Blob, maxSide: number = DRIVER_MARK_MAX.photoSide): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const size = fitWithin(bitmap.width, bitmap.height, maxSide);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('the photo could not be encoded'))),
        'image/jpeg',
        JPEG_QUALITY,
      ),
    );
  } finally {
    bitmap.close();
  }
}

/** A kept photo as a data: address for its preview (the app's content policy allows data: images, not blob:). */
export function photoPreview(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}
