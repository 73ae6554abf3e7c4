/** Every disposal unit price query sits under this key, so a write refreshes the list. */
export const DISPOSAL_UNIT_PRICE_KEY = ['trans', 'disposal-unit-prices'] as const;
