import { describe, expect, it } from 'vitest';
import { contentDisposition, fileNameStem } from './downloads';

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the real name in RFC 5987 form', () => {
    const header = contentDisposition('見積書 (1)"; x.pdf');
    expect(header).toBe(
      `attachment; filename="___ (1)__ x.pdf"; filename*=UTF-8''${'%E8%A6%8B%E7%A9%8D%E6%9B%B8%20%281%29%22%3B%20x.pdf'}`,
    );
  });

  it('keeps a plain ASCII name as it is', () => {
    expect(contentDisposition('report.pdf')).toBe(
      `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`,
    );
  });
});

describe('fileNameStem', () => {
  it('replaces characters file systems reject and folds white space', () => {
    expect(fileNameStem('  a/b:c*d?\t\n e  ', 80, 'x')).toBe('a_b_c_d_ e');
  });

  it('drops leading dots and falls back when nothing is left', () => {
    expect(fileNameStem('..hidden', 80, 'x')).toBe('hidden');
    expect(fileNameStem(' ... ', 80, '契約')).toBe('契約');
  });

  it('cuts by code point, never inside a surrogate pair', () => {
    expect(fileNameStem('𠮷'.repeat(5), 3, 'x')).toBe('𠮷𠮷𠮷');
  });
});
