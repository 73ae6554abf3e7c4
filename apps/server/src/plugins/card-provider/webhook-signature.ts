import { createHmac, timingSafeEqual } from 'node:crypto';
import { CardWebhookSignatureError } from './card-provider';

/** How far a signature's timestamp may be from now (either way), in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, as the provider signs its webhooks. */
export function signWebhookBody(secret: string, rawBody: Buffer | string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.`).update(rawBody).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/**
 * Checks a `Junkan-Card-Signature` header against the raw body: any `v1` may match (a provider rolling its
 * secret sends two), compared in constant time, and the timestamp must be within the tolerance of `nowSeconds`.
 */
export function verifyWebhookSignature(
  secret: string,
  rawBody: Buffer,
  header: string | undefined,
  nowSeconds: number,
): void {
  if (!header) throw new CardWebhookSignatureError('missing');
  let timestamp: string | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === 't' && /^\d{1,12}$/.test(value)) timestamp = value;
    else if (name === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === undefined || signatures.length === 0) throw new CardWebhookSignatureError('malformed');
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  if (!signatures.some((s) => timingSafeEqual(s, expected))) throw new CardWebhookSignatureError('mismatch');
  if (Math.abs(nowSeconds - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS)
    throw new CardWebhookSignatureError('stale');
}
