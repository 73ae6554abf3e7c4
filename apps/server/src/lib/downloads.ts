import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * `Content-Disposition` for a download: an ASCII fallback name and the real name in RFC 5987 form,
 * so Japanese names survive in every browser.
 */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * A name fit for a file from free text (e.g. a contract name): NFC, one space for any run of white space, no
 * character a file system rejects, no leading dots, at most `max` code points (never half a surrogate pair).
 */
export function fileNameStem(text: string, max: number, fallback: string): string {
  const cleaned = text
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we strip
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_')
    .trim()
    .replace(/^\.+/, '');
  return Array.from(cleaned).slice(0, max).join('').trimEnd() || fallback;
}

/**
 * Answers a file as a download: its type, its name, never sniffed, never cached. `content` is the bytes or a
 * stream of them (a stored file is streamed from its storage to the client); `size`, when known, is sent as
 * `Content-Length`.
 */
export function sendDownload(
  reply: FastifyReply,
  file: { fileName: string; mimeType: string; content: Buffer | Uint8Array | Readable; size?: number | null },
) {
  const size = file.content instanceof Uint8Array ? file.content.length : file.size;
  if (size != null) reply.header('Content-Length', size);
  return reply
    .header('Content-Type', file.mimeType)
    .header('Content-Disposition', contentDisposition(file.fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(file.content);
}
