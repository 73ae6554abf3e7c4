import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface CardProviderKeys {
  publishableKey: string;
  secretKey: string;
  webhookSecret: string;
}

/** Where the embedded set-up keeps its development keys; `scripts/start.mjs` reads and writes the same file. */
export const CARD_KEYS_FILE = 'card-provider-keys.json';

function generateKeys(): CardProviderKeys {
  return {
    publishableKey: `pk_test_${randomBytes(16).toString('hex')}`,
    secretKey: `sk_test_${randomBytes(24).toString('hex')}`,
    webhookSecret: `whsec_${randomBytes(24).toString('hex')}`,
  };
}

/**
 * Development keys for the simulator when the embedded database is used and no CARD_PROVIDER_* key is given:
 * generated once into `DATA_DIR/card-provider-keys.json` (readable by its owner only), where `npm start` finds
 * them for the simulator too. Never logged.
 */
export function readOrCreateDevCardKeys(dataDir: string): CardProviderKeys {
  if (dataDir.startsWith('memory://')) return generateKeys();
  const file = path.join(dataDir, CARD_KEYS_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${JSON.stringify(generateKeys(), null, 2)}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const keys = JSON.parse(readFileSync(file, 'utf8')) as Partial<CardProviderKeys>;
  if (!keys.publishableKey || !keys.secretKey || !keys.webhookSecret)
    throw new Error(`${file} lacks a key: delete it to have new ones generated`);
  return {
    publishableKey: keys.publishableKey,
    secretKey: keys.secretKey,
    webhookSecret: keys.webhookSecret,
  };
}
