import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appSecrets } from '../db/schema';

const NAME = 'jwt';

/**
 * The token signing secret: `JWT_SECRET` when given, otherwise the one kept in the database, so every process on
 * the database signs and accepts the same tokens. The first process generates it (a concurrent one's insert
 * does nothing and reads the winner's back); a `jwt-secret` file left in the data folder by earlier versions is
 * adopted instead, so the sign-ins of that time stay valid.
 */
export async function resolveSigningSecret(
  db: Database,
  opts: { fromEnv?: string; dataDir: string },
): Promise<string> {
  if (opts.fromEnv) return opts.fromEnv;
  const legacyFile = path.join(opts.dataDir, 'jwt-secret');
  const legacy = existsSync(legacyFile) ? readFileSync(legacyFile, 'utf8').trim() : '';
  await db
    .insert(appSecrets)
    .values({ name: NAME, value: legacy || randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, NAME));
  if (!row) throw new Error('signing secret not stored');
  return row.value;
}
