import { describe, expect, it } from 'vitest';
import {
  makeZip,
  sampleDoc,
  sampleJpg,
  sampleMov,
  sampleMp4,
  samplePdf,
  samplePlainZip,
  samplePng,
  sampleXlsx,
} from '../../../test/fixtures/upload-files';
import { detectFileKind, zipEntryNames } from './file-content';

describe('detectFileKind', () => {
  it.each([
    ['pdf', samplePdf(), 'pdf'],
    ['png', samplePng(), 'png'],
    ['jpg', sampleJpg(), 'jpg'],
    ['doc (OLE2)', sampleDoc(), 'doc'],
    ['mp4 (isom)', sampleMp4(), 'mp4'],
    ['mov (qt)', sampleMov(), 'mov'],
    ['xlsx', sampleXlsx(), 'xlsx'],
    ['plain zip', samplePlainZip(), null],
    [
      'zip with content types but no xl/ part',
      makeZip({ '[Content_Types].xml': '<Types/>', 'word/x': '' }),
      null,
    ],
    [
      'zip whose xl/ appears only in file data',
      makeZip({ 'a.txt': '[Content_Types].xml xl/workbook.xml' }),
      null,
    ],
    ['text', Buffer.from('hello world, not a file type'), null],
    ['empty', Buffer.alloc(0), null],
    ['truncated zip header', Buffer.from([0x50, 0x4b, 0x03, 0x04]), null],
    ['ftyp with an unknown brand', Buffer.from('\0\0\0\x14ftyp3gp4\0\0\0\x003gp4', 'latin1'), null],
    ['short PNG signature', Buffer.from([0x89, 0x50, 0x4e, 0x47]), null],
  ])('%s', (_name, buf, expected) => {
    expect(detectFileKind(buf)).toBe(expected);
  });
});

describe('zipEntryNames', () => {
  it('reads the central directory names', () => {
    expect(zipEntryNames(makeZip({ 'a.txt': 'x', 'フォルダ/b.xml': 'y' }))).toEqual([
      'a.txt',
      'フォルダ/b.xml',
    ]);
  });
  it('is null without an end record', () => {
    expect(zipEntryNames(Buffer.from('PK\x03\x04 and nothing else', 'latin1'))).toBeNull();
  });
});
