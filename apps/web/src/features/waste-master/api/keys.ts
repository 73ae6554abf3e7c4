/** Every waste query sits under this key, so a write refreshes the tree and the search alike. */
export const WASTE_QUERY_KEY = ['waste'] as const;
