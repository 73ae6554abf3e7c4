import { describe, expect, it } from 'vitest';
import {
  acceptAttribute,
  checkUpload,
  fileKindOfName,
  hasSameFileName,
  INQUIRY_UPLOAD_MAX_BYTES,
  UPLOAD_FILE_KINDS,
  UPLOAD_MAX_BYTES,
  UPLOAD_RULES,
  type UploadUse,
} from './upload-rules';

describe('fileKindOfName', () => {
  it.each([
    ['見積依頼.pdf', 'pdf'],
    ['photo.JPG', 'jpg'],
    ['photo.jpeg', 'jpg'],
    ['image.png', 'png'],
    ['一覧.xlsx', 'xlsx'],
    ['old.doc', 'doc'],
    ['video.mp4', 'mp4'],
    ['clip.MOV', 'mov'],
    ['archive.tar.pdf', 'pdf'],
    ['report.docx', null],
    ['sheet.xls', null],
    ['noext', null],
    ['.pdf', null],
    ['trailing.', null],
    ['script.pdf.exe', null],
  ])('%s -> %s', (name, kind) => {
    expect(fileKindOfName(name)).toBe(kind);
  });
});

describe('hasSameFileName', () => {
  const nfd = 'ガイド.pdf'.normalize('NFD');
  it.each([
    ['a.pdf', ['a.pdf'], true],
    ['A.PDF', ['a.pdf'], true],
    ['ガイド.pdf', [nfd], true],
    [nfd, ['ガイド.PDF'], true],
    ['a.pdf', ['b.pdf', 'a.png'], false],
    ['a.pdf', [], false],
    ['a .pdf', ['a.pdf'], false],
  ])('%s in %o -> %s', (name, existing, expected) => {
    expect(hasSameFileName(name, existing)).toBe(expected);
  });
});

describe('checkUpload by use', () => {
  const pdfs = (n: number) => Array.from({ length: n }, (_, i) => `file${i}.pdf`);
  it.each<[string, UploadUse, string, number, string[], string | null]>([
    ['quote request: a pdf', 'QUOTE_REQUEST', 'a.pdf', 100, [], null],
    ['quote request: an mp4 as 4th', 'QUOTE_REQUEST', 'a.mp4', 100, pdfs(3), null],
    ['quote request: a 5th file', 'QUOTE_REQUEST', 'a.pdf', 100, pdfs(4), 'MSG_28_5'],
    ['quote request: an exe', 'QUOTE_REQUEST', 'a.exe', 100, [], 'upload_file_type_error'],
    ['quote request: same name', 'QUOTE_REQUEST', 'FILE0.PDF', 100, pdfs(1), 'upload_file_same_name_error'],
    ['quote request: exactly 10 MB', 'QUOTE_REQUEST', 'a.pdf', UPLOAD_MAX_BYTES, [], null],
    ['quote request: over 10 MB', 'QUOTE_REQUEST', 'a.pdf', UPLOAD_MAX_BYTES + 1, [], 'file_too_large'],
    ['quote document: a pdf', 'QUOTE_DOCUMENT', 'q.pdf', 100, [], null],
    ['quote document: a png', 'QUOTE_DOCUMENT', 'q.png', 100, [], 'upload_file_type_error'],
    ['quote document: a 2nd pdf', 'QUOTE_DOCUMENT', 'q.pdf', 100, pdfs(1), 'MSG_28_5'],
    ['permit: a pdf', 'PERMIT', 'p.pdf', 100, [], null],
    ['permit: an xlsx', 'PERMIT', 'p.xlsx', 100, [], 'upload_file_type_error'],
    ['permit: a 2nd pdf', 'PERMIT', 'p.pdf', 100, pdfs(1), 'MSG_28_5'],
    ['inquiry: a mov', 'INQUIRY', 'i.mov', 100, [], null],
    ['inquiry: a 2nd file', 'INQUIRY', 'i.png', 100, pdfs(1), 'MSG_28_5'],
    ['inquiry: a 100 MB video', 'INQUIRY', 'i.mp4', INQUIRY_UPLOAD_MAX_BYTES, [], null],
    ['inquiry: over 100 MB', 'INQUIRY', 'i.mp4', INQUIRY_UPLOAD_MAX_BYTES + 1, [], 'file_too_large'],
    ['permit: over 10 MB', 'PERMIT', 'p.pdf', UPLOAD_MAX_BYTES + 1, [], 'file_too_large'],
    ['driver photo: a jpeg', 'DRIVER_PHOTO', 'stop.jpeg', 100, [], null],
    ['driver photo: a pdf', 'DRIVER_PHOTO', 'stop.pdf', 100, [], 'upload_file_type_error'],
    ['driver photo: a 2nd image', 'DRIVER_PHOTO', 'b.png', 100, ['a.png'], 'MSG_28_5'],
    ['driver photo: exactly 5 MB', 'DRIVER_PHOTO', 'stop.jpg', 5 * 1024 * 1024, [], null],
    ['driver photo: over 5 MB', 'DRIVER_PHOTO', 'stop.jpg', 5 * 1024 * 1024 + 1, [], 'file_too_large'],
  ])('%s', (_name, use, fileName, size, existingNames, expected) => {
    const rule = UPLOAD_RULES[use];
    expect(checkUpload({ fileName, size, existingNames, ...rule })).toBe(expected);
  });

  it('every allowed kind is accepted for a quote request', () => {
    for (const kind of UPLOAD_FILE_KINDS) {
      const rule = UPLOAD_RULES.QUOTE_REQUEST;
      expect(checkUpload({ fileName: `x.${kind}`, existingNames: [], ...rule })).toBeNull();
    }
  });
});

describe('acceptAttribute', () => {
  it.each([
    [['pdf'], '.pdf'],
    [['jpg', 'png'], '.jpg,.jpeg,.png'],
  ] as const)('%o -> %s', (kinds, expected) => {
    expect(acceptAttribute(kinds)).toBe(expected);
  });
});
