/**
 * The roots of the achievements and manifest queries. The achievements and manifests features own the reads
 * under them; the keys sit here because a transport report changes both, and its writes refresh them.
 */

/** Every achievements query sits under this key, so a new report refreshes the list and the details. */
export const ACHIEVEMENTS_KEY = ['achievements'] as const;

/** Every manifest query sits under this key: a registration or a report refreshes them all. */
export const MANIFESTS_KEY = ['manifests'] as const;

/** The side's variant of a call: discharger /x, transporter /trans/x. */
export const rolePath = (isTransport: boolean, path: string) => `${isTransport ? '/trans' : ''}${path}`;
