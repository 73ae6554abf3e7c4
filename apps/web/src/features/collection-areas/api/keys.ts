/** Every collection-area query sits under this key, so a write refreshes the lists and checks. */
export const COLLECTION_AREA_KEY = ['collection-area'] as const;
