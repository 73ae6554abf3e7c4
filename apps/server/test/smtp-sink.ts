import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A local SMTP server that keeps what it receives, so tests read real mail. `setDown(true)` makes it refuse every
 * connection (an outage) on the same address until `setDown(false)`; `setDelay(ms)` makes it take that long to
 * accept each mail (a slow server: a delivery in flight), and `receiving` counts the mails it began to receive.
 */
export async function startSmtpSink(): Promise<{
  url: string;
  mails: ReceivedMail[];
  setDown(down: boolean): void;
  setDelay(ms: number): void;
  readonly receiving: number;
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  let down = false;
  let delayMs = 0;
  let receiving = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      callback(down ? Object.assign(new Error('service not available'), { responseCode: 421 }) : undefined);
    },
    onData(stream, session, callback) {
      receiving++;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        setTimeout(() => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        }, delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    setDown: (value) => {
      down = value;
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    get receiving() {
      return receiving;
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** Decodes a quoted-printable mail body enough to find links in it. */
export function mailText(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

/** The text body of a single-part mail, decoded from base64 or quoted-printable as UTF-8 (Japanese included). */
export function mailBody(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  const body = raw.slice(split).trim();
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes: number[] = [];
    const soft = body.replace(/=\r?\n/g, '');
    for (let i = 0; i < soft.length; i++) {
      const hex = soft[i] === '=' ? /^[0-9A-F]{2}/i.exec(soft.slice(i + 1, i + 3)) : null;
      if (hex) {
        bytes.push(Number.parseInt(hex[0], 16));
        i += 2;
      } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}
