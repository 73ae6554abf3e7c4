import type { Database } from '../db/client';

/**
 * Reference data every database needs (waste classifications, units, packing styles, disposal methods),
 * loaded into each empty table at start. Unlike the demo data it is not optional.
 */
export async function seedReferenceData(_db: Database): Promise<void> {}
