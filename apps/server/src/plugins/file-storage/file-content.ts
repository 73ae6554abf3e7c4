import type { UploadFileKind } from '@junkan/shared/upload-rules';
import { AppError } from '../../lib/app-error';

/**
 * What a file really is, from its first bytes (and, for xlsx, its ZIP directory), so an upload is
 * judged by its content and not by the name or type the browser claims. Null for anything else.
 */
export function detectFileKind(buf: Buffer): UploadFileKind | null {
  const kind = headKind(buf);
  if (kind !== 'zip') return kind;
  return isXlsxZip(buf) ? 'xlsx' : null;
}

/** The kind the first bytes show; a ZIP is only `zip` until its directory (at the end) is read. */
function headKind(buf: Buffer): UploadFileKind | 'zip' | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (buf.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (startsWith(buf, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  return isoMediaKind(buf);
}

/** Bytes read before the kind is decided: every signature (and an mp4's `ftyp` box) fits. */
const HEAD_BYTES = 4096;
/** Bytes kept from the end of a ZIP: its end record and a central directory of thousands of entries. */
const TAIL_BYTES = 1024 * 1024;

const wrongContent = () =>
  new AppError('upload_file_type_error', 'File content does not match its type', {
    file: 'upload_file_type_error',
  });

/**
 * Passes a file's bytes through while checking they are what its name claims: the first bytes decide at once (a
 * renamed .exe stops after its first chunk), an xlsx's ZIP directory is read from the kept tail at the end. Throws
 * `upload_file_type_error` (400), which abandons the write the stream feeds.
 */
export async function* checkFileContent(
  source: AsyncIterable<Buffer>,
  claimed: UploadFileKind,
): AsyncGenerator<Buffer> {
  let head: Buffer[] | null = [];
  let headBytes = 0;
  const tail: Buffer[] = [];
  let tailBytes = 0;
  let total = 0;
  const decide = (buf: Buffer) => {
    const kind = headKind(buf);
    if (kind === (claimed === 'xlsx' ? 'zip' : claimed)) return;
    if (isVideo(claimed) && isVideo(kind)) return;
    throw wrongContent();
  };
  for await (const chunk of source) {
    total += chunk.length;
    if (claimed === 'xlsx') {
      tail.push(chunk);
      tailBytes += chunk.length;
      while (tail.length > 1 && tailBytes - tail[0]!.length >= TAIL_BYTES) tailBytes -= tail.shift()!.length;
    }
    if (!head) {
      yield chunk;
      continue;
    }
    head.push(chunk);
    headBytes += chunk.length;
    if (headBytes < HEAD_BYTES) continue;
    const start = Buffer.concat(head, headBytes);
    head = null;
    decide(start);
    yield start;
  }
  if (head) {
    const start = Buffer.concat(head, headBytes);
    decide(start);
    if (start.length) yield start;
  }
  if (claimed === 'xlsx') {
    const end = Buffer.concat(tail, tailBytes);
    if (!isXlsxZip(end, total - end.length)) throw wrongContent();
  }
}

function startsWith(buf: Buffer, bytes: number[]): boolean {
  return buf.length >= bytes.length && bytes.every((b, i) => buf[i] === b);
}

/**
 * mp4 and mov are one container family (ISO base media, which grew out of QuickTime): cameras and phones write
 * either under either name, so a video named .mp4 holding QuickTime (or the reverse) is taken as the video it is.
 */
const isVideo = (kind: UploadFileKind | 'zip' | null) => kind === 'mp4' || kind === 'mov';

const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  // iTunes / Apple's MPEG-4 video, Sony's cameras, fragmented (DASH) recordings.
  'M4V ',
  'MSNV',
  'dash',
]);

/** The first atom of an older QuickTime file, written before `ftyp` existed. */
const QUICKTIME_FIRST_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/** ISO media (mp4) and QuickTime (mov): an `ftyp` box at offset 4 whose brands say which. */
function isoMediaKind(buf: Buffer): UploadFileKind | null {
  if (buf.length < 16) return null;
  const first = buf.subarray(4, 8).toString('latin1');
  if (first !== 'ftyp') return QUICKTIME_FIRST_ATOMS.has(first) && buf.readUInt32BE(0) >= 8 ? 'mov' : null;
  const boxSize = Math.min(buf.readUInt32BE(0), buf.length);
  const major = buf.subarray(8, 12).toString('latin1');
  if (major === 'qt  ') return 'mov';
  if (MP4_BRANDS.has(major)) return 'mp4';
  // Compatible brands follow the minor version (offset 16), four bytes each.
  for (let at = 16; at + 4 <= boxSize; at += 4) {
    if (MP4_BRANDS.has(buf.subarray(at, at + 4).toString('latin1'))) return 'mp4';
  }
  return null;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_ENTRY_SIGNATURE = 0x02014b50;

/**
 * The entry names of a ZIP file's central directory, or null when the directory cannot be read. `buf` may be the
 * file's last bytes only, starting at `bufOffset` in the file.
 */
export function zipEntryNames(buf: Buffer, bufOffset = 0): string[] | null {
  // The end-of-central-directory record is 22 bytes plus a comment of at most 65535 bytes.
  const lowest = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let at = buf.length - 22; at >= lowest; at--) {
    if (buf.readUInt32LE(at) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16) - bufOffset;
  if (at < 0) return null;
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL_ENTRY_SIGNATURE) return null;
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    if (at + 46 + nameLength > buf.length) return null;
    names.push(buf.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** An Office Open XML workbook: a ZIP with `[Content_Types].xml` and a `xl/` part. A plain ZIP is not. */
function isXlsxZip(buf: Buffer, bufOffset = 0): boolean {
  const names = zipEntryNames(buf, bufOffset);
  return !!names && names.includes('[Content_Types].xml') && names.some((n) => n.startsWith('xl/'));
}
