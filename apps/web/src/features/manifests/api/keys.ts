/** Every manifest query sits under this key, so a registration refreshes the list, details and deadlines. */
export const MANIFESTS_KEY = ['manifests'] as const;

/** The side's variant of a call: discharger /x, transporter /trans/x. */
export const rolePath = (isTransport: boolean, path: string) => `${isTransport ? '/trans' : ''}${path}`;
