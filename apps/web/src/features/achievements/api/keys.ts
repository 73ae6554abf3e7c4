/** Every achievements query sits under this key, so a new report refreshes the list and the details. */
export const ACHIEVEMENTS_KEY = ['achievements'] as const;

/** The side's variant of a call: discharger /x, transporter /trans/x. */
export const rolePath = (isTransport: boolean, path: string) => `${isTransport ? '/trans' : ''}${path}`;
