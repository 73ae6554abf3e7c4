import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { weekdayOf } from '@junkan/shared/business-day';
import type { CustomTableLayout, TDocumentDefinitions } from 'pdfmake/interfaces';
import { JAPANESE_WEEKDAYS } from './time';

// pdfmake is CommonJS exporting one configured instance; a namespace import would not see its methods under ESM.
const require = createRequire(import.meta.url);
/** `virtualfs` is the in-memory file store pdfmake reads fonts from before the disk; its types omit it. */
type PdfMake = typeof import('pdfmake') & {
  virtualfs: { writeFileSync(fileName: string, content: Buffer): void };
};

/** The font family every document names in its `defaultStyle`: Noto Sans JP, regular and bold. */
export const PDF_FONT_FAMILY = 'NotoSansJP';
const FONT_FILES = {
  'NotoSansJP-Regular.ttf': '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  'NotoSansJP-Bold.ttf': '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
};

let pdfMakePromise: Promise<PdfMake> | null = null;

/**
 * pdfmake configured once per process: the two 5 MB font files are read into its virtual file system here
 * (pdfkit embeds only the glyphs a document uses), and it may neither fetch URLs nor read local files itself.
 */
function loadPdfMake(): Promise<PdfMake> {
  pdfMakePromise ??= (async () => {
    const pdfmake = require('pdfmake') as PdfMake;
    for (const [name, modulePath] of Object.entries(FONT_FILES))
      pdfmake.virtualfs.writeFileSync(name, await readFile(require.resolve(modulePath)));
    pdfmake.setFonts({
      [PDF_FONT_FAMILY]: {
        normal: 'NotoSansJP-Regular.ttf',
        bold: 'NotoSansJP-Bold.ttf',
        italics: 'NotoSansJP-Regular.ttf',
        bolditalics: 'NotoSansJP-Bold.ttf',
      },
    });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy(() => false);
    return pdfmake;
  })().catch((err: unknown) => {
    pdfMakePromise = null;
    throw err;
  });
  return pdfMakePromise;
}

/** Renders a document definition (which sets `defaultStyle.font` to PDF_FONT_FAMILY) to PDF bytes. */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  const pdfmake = await loadPdfMake();
  return pdfmake.createPdf(definition).getBuffer();
}

/** Thin grey grid lines for the documents' tables. */
export const THIN_GRID: CustomTableLayout = {
  hLineWidth: () => 0.5,
  vLineWidth: () => 0.5,
  hLineColor: () => '#555555',
  vLineColor: () => '#555555',
  paddingLeft: () => 4,
  paddingRight: () => 4,
  paddingTop: () => 2,
  paddingBottom: () => 2,
};

/**
 * A value that must never break inside (a date: 「11月30 / 日」 is not a date): one unbroken line. Size its
 * column for the longest value; a value wider than its column runs over rather than wrapping.
 */
export function unbroken(text: string, extra: Record<string, unknown> = {}) {
  return { text, noWrap: true, ...extra };
}

/** A date or a range of dates (from〜to) for a table cell: each date whole on its own line, 〜 after the first. */
export function unbrokenDates(text: string, extra: Record<string, unknown> = {}) {
  const dates = text.split('〜');
  return { stack: dates.map((d, i) => unbroken(i < dates.length - 1 ? `${d}〜` : d)), ...extra };
}

/** 2026-12-01 -> 2026年12月1日 (read from the string: no time zone involved). */
export function formatJapaneseDate(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  return `${m[1]}年${Number(m[2])}月${Number(m[3])}日`;
}

/** 2026-11-25 -> 2026年11月25日(水) */
export function formatJapaneseDateWithWeekday(date: string): string {
  const formatted = formatJapaneseDate(date);
  return formatted === date ? date : `${formatted}(${JAPANESE_WEEKDAYS[weekdayOf(date)]})`;
}
