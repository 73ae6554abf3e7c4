/** A discharge site's address on one line: its three address parts joined, as Japanese addresses are written. */
export function siteAddress(site: { address1: string; address2: string; address3: string }): string {
  return [site.address1, site.address2, site.address3].filter(Boolean).join('');
}
