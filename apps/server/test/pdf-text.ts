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

/**
 * The lines of each page as a reader sees them: the text pieces that share a baseline, left to right, spaces
 * dropped. What a layout check reads (does a value break across two lines?).
 */
export async function extractPdfLines(pdf: Buffer): Promise<string[][]> {
  const task = getDocument({ data: new Uint8Array(pdf), useSystemFonts: false });
  try {
    const doc = await task.promise;
    const pages: string[][] = [];
    for (let p = 1; p <= doc.numPages; p++) {
      const content = await (await doc.getPage(p)).getTextContent();
      const rows = new Map<number, { x: number; str: string }[]>();
      for (const item of content.items) {
        if (!('str' in item) || !item.str.trim()) continue;
        const y = Math.round(item.transform[5]);
        rows.set(y, [...(rows.get(y) ?? []), { x: item.transform[4], str: item.str }]);
      }
      pages.push(
        [...rows.entries()]
          .sort(([a], [b]) => b - a)
          .map(([, pieces]) =>
            pieces
              .sort((a, b) => a.x - b.x)
              .map((piece) => piece.str)
              .join('')
              .replace(/\s+/g, ''),
          ),
      );
    }
    return pages;
  } finally {
    await task.destroy();
  }
}
