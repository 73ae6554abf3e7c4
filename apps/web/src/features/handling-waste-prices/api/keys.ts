/** Every handling-waste price query sits under this key, so a write refreshes the list. */
export const HANDLING_WASTE_PRICE_KEY = ['handling-waste-unit-price'] as const;
