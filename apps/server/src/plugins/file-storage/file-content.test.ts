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
import { checkFileContent, detectFileKind, zipEntryNames } from './file-content';

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
    ['mp4 (iso5, fragmented)', Buffer.from('\0\0\0\x14ftypiso5\0\0\0\x00iso5', 'latin1'), 'mp4'],
    ['mp4 (Apple M4V)', Buffer.from('\0\0\0\x14ftypM4V \0\0\0\x00M4V ', 'latin1'), 'mp4'],
    ['mov without ftyp (moov first)', Buffer.from('\0\0\x01\0moov\0\0\0\x6cmvhd', 'latin1'), 'mov'],
    ['mov without ftyp (wide, then mdat)', Buffer.from('\0\0\0\x08wide\0\0\x10\0mdat', 'latin1'), 'mov'],
    ['an atom name with a zero size', Buffer.from('\0\0\0\0moov\0\0\0\x6cmvhd', 'latin1'), null],
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

describe('checkFileContent (streamed)', () => {
  /** The file cut into chunks of `size` bytes, as the multipart reader hands them over. */
  async function* chunks(buf: Buffer, size: number) {
    for (let at = 0; at < buf.length; at += size) yield buf.subarray(at, at + size);
  }
  const run = async (buf: Buffer, claimed: Parameters<typeof checkFileContent>[1], size = 7) => {
    const out: Buffer[] = [];
    for await (const c of checkFileContent(chunks(buf, size), claimed)) out.push(c);
    return Buffer.concat(out);
  };
  /** A ZIP whose directory starts `bytes` further on (filler inside its first entry), as in a large workbook. */
  const padded = (zip: Buffer, bytes: number) => {
    const local = zip.subarray(0, zip.readUInt32LE(zip.length - 6));
    const rest = zip.subarray(local.length);
    const directory = Buffer.from(rest);
    // Shift every central entry's local-header offset and the directory offset by the padding.
    for (let at = 0; directory.readUInt32LE(at) === 0x02014b50; ) {
      directory.writeUInt32LE(directory.readUInt32LE(at + 42) + bytes, at + 42);
      at += 46 + directory.readUInt16LE(at + 28);
    }
    directory.writeUInt32LE(directory.readUInt32LE(directory.length - 6) + bytes, directory.length - 6);
    return Buffer.concat([local.subarray(0, 30), Buffer.alloc(bytes), local.subarray(30), directory]);
  };

  it.each([
    ['pdf', samplePdf(), 'pdf'],
    ['png', samplePng(), 'png'],
    ['mp4', sampleMp4(), 'mp4'],
    ['xlsx', sampleXlsx(), 'xlsx'],
  ] as const)('passes a %s through unchanged, whatever the chunk size', async (_name, buf, kind) => {
    for (const size of [1, 7, 4096, 1 << 20]) expect(Buffer.compare(await run(buf, kind, size), buf)).toBe(0);
  });

  it.each([
    ['a png claimed as pdf', samplePng(), 'pdf'],
    ['a plain zip claimed as xlsx', samplePlainZip(), 'xlsx'],
    ['an xlsx claimed as doc', sampleXlsx(), 'doc'],
    ['nothing at all', Buffer.alloc(0), 'pdf'],
    ['an mp4 claimed as pdf', sampleMp4(), 'pdf'],
    ['a pdf claimed as mp4', samplePdf(), 'mp4'],
    ['a zip claimed as mov', samplePlainZip(), 'mov'],
  ] as const)('refuses %s with upload_file_type_error', async (_name, buf, kind) => {
    await expect(run(buf, kind)).rejects.toMatchObject({ code: 'upload_file_type_error' });
  });

  it.each([
    ['QuickTime named .mp4', sampleMov(), 'mp4'],
    ['MPEG-4 named .mov', sampleMp4(), 'mov'],
  ] as const)('takes %s as the video it is', async (_name, buf, kind) => {
    expect(Buffer.compare(await run(buf, kind), buf)).toBe(0);
  });

  it('stops at the first bytes of a wrong file, before reading the rest', async () => {
    let read = 0;
    async function* endless() {
      yield samplePng();
      for (;;) {
        read++;
        yield Buffer.alloc(4096);
      }
    }
    await expect(
      (async () => {
        for await (const _ of checkFileContent(endless(), 'pdf'));
      })(),
    ).rejects.toMatchObject({ code: 'upload_file_type_error' });
    expect(read).toBeLessThanOrEqual(1);
  });

  it("reads a large workbook's directory from the kept end of the stream", async () => {
    const big = padded(sampleXlsx(), 3 * 1024 * 1024);
    expect(detectFileKind(big)).toBe('xlsx');
    expect((await run(big, 'xlsx', 64 * 1024)).length).toBe(big.length);
  });
});
