import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A downloaded file's bytes. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  return readFile(await download.path());
}

/**
 * A PDF's text as a reader extracts it, every page joined, without the spaces and line ends layout adds (as the
 * API tests read documents: apps/server/test/pdf-text.ts).
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  const task = getDocument({ data: new Uint8Array(pdf), useSystemFonts: false });
  try {
    const doc = await task.promise;
    let text = '';
    for (let p = 1; p <= doc.numPages; p++)
      for (const item of (await (await doc.getPage(p)).getTextContent()).items)
        if ('str' in item) text += item.str;
    return text.replace(/\s+/g, '');
  } finally {
    await task.destroy();
  }
}
