import { describe, expect, it } from 'vitest';
import { extractPdfText } from '../../test/pdf-text';
import { formatJapaneseDate, formatJapaneseDateWithWeekday, PDF_FONT_FAMILY, renderPdf } from './pdf';

describe('Japanese dates in documents', () => {
  it.each([
    ['2026-12-01', '2026年12月1日', '2026年12月1日(火)'],
    ['2027-01-31', '2027年1月31日', '2027年1月31日(日)'],
    ['2026-11-25', '2026年11月25日', '2026年11月25日(水)'],
    ['not a date', 'not a date', 'not a date'],
  ])('writes %s as %s and %s', (date, plain, withWeekday) => {
    expect(formatJapaneseDate(date)).toBe(plain);
    expect(formatJapaneseDateWithWeekday(date)).toBe(withWeekday);
  });
});

describe('renderPdf', () => {
  it('renders Japanese text with the embedded font, readable back', async () => {
    const pdf = await renderPdf({
      content: [{ text: '髙橋 𠮷田 回収予定表' }],
      defaultStyle: { font: PDF_FONT_FAMILY },
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await extractPdfText(pdf)).toBe('髙橋𠮷田回収予定表');
  });
});
