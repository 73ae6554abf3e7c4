import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MAIL_DIR_ENV, requiredEnv } from './env';

/** One message as the SMTP sink stores it (global-setup.ts). `raw` holds the bytes as latin1. */
export interface StoredMail {
  receivedAt: number;
  to: string[];
  raw: string;
}

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: number;
}

/**
 * Waits for the newest mail to `to` received at or after `since` (ms since epoch) and returns its decoded
 * text body.
 */
export async function waitForMail(to: string, timeoutMs = 10_000, since = 0): Promise<string> {
  return (await waitForMessage(to, { timeoutMs, since })).text;
}

/**
 * As `waitForMail`, with the decoded subject as well. With `subject`, the newest mail whose subject contains it:
 * another mail sent meanwhile (a hand-off's mail queued just before) is not taken for it. With `text`, only a mail
 * whose body contains it (the record's link or title): the demo inboxes also get the mails of tests running in
 * the other worker.
 */
export async function waitForMessage(
  to: string,
  {
    timeoutMs = 10_000,
    since = 0,
    subject,
    text,
  }: { timeoutMs?: number; since?: number; subject?: string; text?: string } = {},
): Promise<ReceivedMail> {
  const mailDir = requiredEnv(MAIL_DIR_ENV);
  const address = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readdirSync(mailDir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .reverse()
      .map((f) => JSON.parse(readFileSync(path.join(mailDir, f), 'utf8')) as StoredMail)
      .filter((m) => m.receivedAt >= since && m.to.includes(address))
      .map((m) => ({ to: m.to, receivedAt: m.receivedAt, ...parseMessage(m.raw) }))
      .find(
        (m) =>
          (subject === undefined || m.subject.includes(subject)) &&
          (text === undefined || m.text.includes(text)),
      );
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(
        `no mail to ${to}${subject ? ` about ${subject}` : ''}${text ? ` saying ${text}` : ''} within ${timeoutMs} ms`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first http(s) link in a text that starts with `prefix`. */
export function findLink(text: string, prefix: string): string {
  const link = text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return link;
}

/**
 * A tiny MIME reader for what nodemailer sends here: a single text part (or the first text/plain part of
 * a multipart message), quoted-printable, base64, 7bit or 8bit, UTF-8.
 */
export function parseMessage(raw: string): { subject: string; text: string } {
  const { headers, body } = splitHeaders(raw);
  const subject = decodeWords(headers.get('subject') ?? '');
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      const parsed = splitHeaders(part.replace(/^\r?\n/, ''));
      const type = parsed.headers.get('content-type') ?? 'text/plain';
      if (type.toLowerCase().startsWith('text/plain')) {
        return { subject, text: decodeBody(parsed.body, parsed.headers.get('content-transfer-encoding')) };
      }
    }
    throw new Error('no text/plain part in the message');
  }
  return { subject, text: decodeBody(body, headers.get('content-transfer-encoding')) };
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  // Unfold continuation lines, then split name: value.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = (encoding ?? '7bit').toLowerCase();
  let bytes: Buffer;
  if (kind === 'base64') bytes = Buffer.from(body.replace(/\s+/g, ''), 'base64');
  else if (kind === 'quoted-printable') bytes = decodeQuotedPrintable(body);
  else bytes = Buffer.from(body, 'latin1');
  return bytes.toString('utf8').replace(/\r\n/g, '\n').trimEnd();
}

/** Soft breaks (`=` at a line end) are joined, `=XX` becomes the byte XX. */
function decodeQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(joined.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`); blanks between adjacent words go. */
function decodeWords(value: string): string {
  // Headers were read as latin1: raw 8-bit UTF-8 is read again as UTF-8 first.
  const utf8 = Buffer.from(value, 'latin1').toString('utf8');
  return utf8
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g, (_match, kind: string, data: string) =>
      (kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64')
        : decodeQuotedPrintable(data.replace(/_/g, ' '))
      ).toString('utf8'),
    );
}
