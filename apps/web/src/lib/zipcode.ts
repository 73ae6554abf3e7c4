import { api } from './api-client';

export interface ZipcodeAddress {
  address1: string;
  address2: string;
  address3: string;
}

/** Ruling 4: the project's own lookup. `postalCode` may carry the hyphen. */
export const lookupZipcode = (postalCode: string) =>
  api.get<ZipcodeAddress>('/zipcode', { zipcode: postalCode.replace(/\D/g, '') });
