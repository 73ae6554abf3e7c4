/** Every collection query (lists and details) sits under this key: a write refreshes them through it. */
export const COLLECTIONS_KEY = ['collections'] as const;

/** The side's variant of a call: discharger /x, transporter /trans/x. */
export const rolePath = (isTransport: boolean, path: string) => `${isTransport ? '/trans' : ''}${path}`;
