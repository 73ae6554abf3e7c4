/**
 * Every permit query sits under this key: a write refreshes the list, the home card and the usable list. The
 * permits feature owns the list and the writes; a contract reads one permit and the usable ones from here.
 */
export const PERMITS_KEY = ['permits'] as const;
