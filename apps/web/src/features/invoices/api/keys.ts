/** Every invoice query sits under this key, so a write refreshes the list and the details. */
export const INVOICES_KEY = ['invoices'] as const;

/** The side's variant of a call: discharger /x, transporter /trans/x. */
export const rolePath = (isTransport: boolean, path: string) => `${isTransport ? '/trans' : ''}${path}`;
