import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { MAIL_DIR_ENV, requiredEnv, SMTP_PORT } from './env';
import type { StoredMail } from './mail';

/**
 * A real SMTP sink for the server's mail. Tests run in worker processes, so each message is written to
 * the run's mail folder as JSON (envelope recipients and the raw message), where `waitForMail` finds it.
 * The returned function closes the server (Playwright runs it as a global teardown).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const mailDir = requiredEnv(MAIL_DIR_ENV);
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        count += 1;
        const mail: StoredMail = {
          receivedAt: Date.now(),
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('latin1'),
        };
        const file = `${String(mail.receivedAt)}-${String(count).padStart(4, '0')}.json`;
        // Write then rename, so a polling worker never reads half a file.
        const target = path.join(mailDir, file);
        try {
          writeFileSync(`${target}.tmp`, JSON.stringify(mail));
          renameSync(`${target}.tmp`, target);
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(SMTP_PORT, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
