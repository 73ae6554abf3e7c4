import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Each page's text as a reader extracts it, without the spaces and line ends layout adds. */
export async function extractPdfPages(pdf: Buffer): Promise<string[]> {
  const task = getDocument({ data: new Uint8Array(pdf), useSystemFonts: false });
  try {
    const doc = await task.promise;
    const pages: string[] = [];
    for (let p = 1; p <= doc.numPages; p++) {
      const content = await (await doc.getPage(p)).getTextContent();
      let text = '';
      for (const item of content.items) if ('str' in item) text += item.str;
      pages.push(text.replace(/\s+/g, ''));
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

/** The whole document's text, as `extractPdfPages` reads it. */
export async function extractPdfText(pdf: Buffer): Promise<string> {
  return (await extractPdfPages(pdf)).join('');
}
