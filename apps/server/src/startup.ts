import type { AppConfig, LoadedConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { type Clock, resolveBusinessClock } from './lib/clock';
import { resolveSigningSecret } from './lib/signing-secret';
import { readOrCreateDevCardKeys } from './plugins/card-provider/card-keys';
import { createFileStorage } from './plugins/file-storage';
import { blankDeliveredLinkTokens } from './plugins/mail';
import { seedDemoData } from './seed/demo';
import { seedReferenceData } from './seed/reference';

/**
 * Opens the database (migrating it), settles the business clock, seeds it and settles the signing secret: what a server process does before
 * it builds the app. Processes starting together on one database migrate and seed one after another under the
 * start-up lock, so the later one finds the data there.
 */
export async function prepareStartup(
  loaded: LoadedConfig,
): Promise<{ database: DatabaseHandle; config: AppConfig; demoLoaded: boolean; now: Clock }> {
  const database = await openDatabase(loaded);
  try {
    // The one business clock (kept in the database when JUNKAN_CLOCK is set): the demo data is dated by it too.
    const now = await resolveBusinessClock(database.db, loaded.clockStart);
    const demoLoaded = await database.withStartupLock(async () => {
      await seedReferenceData(database.db);
      if (!loaded.seedDemo) return false;
      // The demo contracts' documents go where the product keeps files.
      const files = createFileStorage(loaded.fileStorage, database.db);
      try {
        return await seedDemoData(database.db, { files, now });
      } finally {
        files.close();
      }
    });
    await blankDeliveredLinkTokens(database.db);
    const jwtSecret = await resolveSigningSecret(database.db, {
      fromEnv: loaded.jwtSecret,
      dataDir: loaded.dataDir,
    });
    return {
      database,
      config: { ...loaded, jwtSecret, cardProvider: cardProviderOf(loaded) },
      demoLoaded,
      now,
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** The given card keys; any not given (embedded database only, config.ts) from the data folder's dev keys. */
function cardProviderOf(loaded: LoadedConfig): AppConfig['cardProvider'] {
  const { publishableKey, secretKey, webhookSecret } = loaded.cardProvider;
  if (publishableKey && secretKey && webhookSecret)
    return { ...loaded.cardProvider, publishableKey, secretKey, webhookSecret };
  const dev = readOrCreateDevCardKeys(loaded.dataDir);
  return {
    ...loaded.cardProvider,
    publishableKey: publishableKey || dev.publishableKey,
    secretKey: secretKey || dev.secretKey,
    webhookSecret: webhookSecret || dev.webhookSecret,
  };
}
