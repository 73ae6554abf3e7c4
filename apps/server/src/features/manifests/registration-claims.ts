import { createHash, randomUUID } from 'node:crypto';
import { and, eq, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { manifestRegistrationClaims as claims } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * The registration key of the discharger's form (`registrationKey`), claimed in the database before the network is
 * asked, so that one form sent twice (two tabs, a double click, a resend after a lost answer) registers one
 * manifest. The first request claims the key (PENDING) and asks the network with a key derived from the company,
 * the registration key and the claim's attempt; the manifest is stored and the claim marked DONE in one
 * transaction. Meanwhile the same key answers 409 manifest_registration_in_progress; once DONE, the manifest.
 */

/** How long a PENDING claim holds off others (business clock): past it, the request that made it is taken as dead. */
export const REGISTRATION_CLAIM_LEASE_MS = 2 * 60_000;

/** A claim this request holds: the network's key to ask with, and the token every later write checks. */
export interface RegistrationClaim {
  id: number;
  token: string;
  networkKey: string;
}

const inProgress = () =>
  new AppError('manifest_registration_in_progress', 'The same registration is under way');

/** The namespace of the network's keys: fixed, since a claim taken over must ask with the key first sent. */
const NETWORK_KEY_NAMESPACE = Buffer.from('e534308dae4849ff9a2ac9c1333ebcbd', 'hex');

/**
 * The network's key for an attempt of a company's registration key: a name-based UUID (version 5) of the three, so
 * that two companies' keys never meet on the network, and each attempt after a refusal asks afresh.
 */
export function networkKeyOf(companyId: number, registrationKey: string, attempt: number): string {
  const hash = createHash('sha1')
    .update(NETWORK_KEY_NAMESPACE)
    .update(`manifest-registration/${companyId}/${registrationKey.toLowerCase()}/${attempt}`)
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const ofKey = (companyId: number, registrationKey: string) =>
  and(eq(claims.dischargerCompanyId, companyId), eq(claims.registrationKey, registrationKey));

/**
 * What the key names already: the manifest it registered, or null (not claimed, released, or left by a request
 * that died). A registration under way is refused (409 manifest_registration_in_progress).
 */
export async function manifestOfKey(
  db: DbOrTx,
  companyId: number,
  registrationKey: string,
  now: Date,
): Promise<string | null> {
  const [row] = await db.select().from(claims).where(ofKey(companyId, registrationKey));
  if (row?.state === 'DONE' && row.manifestNumber) return row.manifestNumber;
  if (row?.state === 'PENDING' && row.claimedAt.getTime() > now.getTime() - REGISTRATION_CLAIM_LEASE_MS)
    throw inProgress();
  return null;
}

/**
 * Claims the key for this request: a new key, a released one, or one left PENDING past the lease (its attempt's
 * network key again: the network answers the number it may have issued to the request that died). Answers the
 * manifest instead when the key registered one meanwhile; 409 while another request holds it.
 */
export async function claimRegistration(
  db: DbOrTx,
  companyId: number,
  registrationKey: string,
  now: Date,
): Promise<RegistrationClaim | { manifestNumber: string }> {
  const token = randomUUID();
  const claimed = (row: { id: number; attempt: number } | undefined) =>
    row && { id: row.id, token, networkKey: networkKeyOf(companyId, registrationKey, row.attempt) };
  const [inserted] = await db
    .insert(claims)
    .values({
      dischargerCompanyId: companyId,
      registrationKey,
      state: 'PENDING',
      claimToken: token,
      claimedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [claims.dischargerCompanyId, claims.registrationKey] })
    .returning({ id: claims.id, attempt: claims.attempt });
  if (inserted) return claimed(inserted)!;
  const [taken] = await db
    .update(claims)
    .set({ state: 'PENDING', claimToken: token, claimedAt: now, updatedAt: now })
    .where(
      and(
        ofKey(companyId, registrationKey),
        or(
          eq(claims.state, 'RELEASED'),
          and(
            eq(claims.state, 'PENDING'),
            lte(claims.claimedAt, new Date(now.getTime() - REGISTRATION_CLAIM_LEASE_MS)),
          ),
        ),
      ),
    )
    .returning({ id: claims.id, attempt: claims.attempt });
  if (taken) return claimed(taken)!;
  const manifestNumber = await manifestOfKey(db, companyId, registrationKey, now);
  // Released between the two statements by the request that held it: it may be sent again.
  if (!manifestNumber) throw inProgress();
  return { manifestNumber };
}

/**
 * The network refused or failed: the key may be sent again as it is. A refusal retires the attempt's network key
 * (the network may answer it with the same refusal); an answer lost on the way keeps it, as the network may have
 * issued the number: asking again with it answers that number. Nothing is changed if the claim was taken over.
 */
export async function releaseRegistration(
  db: DbOrTx,
  claim: RegistrationClaim,
  { retireNetworkKey }: { retireNetworkKey: boolean },
  now: Date,
): Promise<void> {
  await db
    .update(claims)
    .set({
      state: 'RELEASED',
      claimToken: null,
      ...(retireNetworkKey ? { attempt: sql`${claims.attempt} + 1` } : {}),
      updatedAt: now,
    })
    .where(and(eq(claims.id, claim.id), eq(claims.claimToken, claim.token), eq(claims.state, 'PENDING')));
}

/**
 * Marks the claim DONE with the manifest, in the transaction that stores it; false when the claim is no longer
 * this request's (taken over after the lease: the taker stores the manifest).
 */
export async function completeRegistration(
  tx: DbOrTx,
  claim: RegistrationClaim,
  manifestNumber: string,
  now: Date,
): Promise<boolean> {
  const done = await tx
    .update(claims)
    .set({ state: 'DONE', claimToken: null, manifestNumber, updatedAt: now })
    .where(and(eq(claims.id, claim.id), eq(claims.claimToken, claim.token), eq(claims.state, 'PENDING')))
    .returning({ id: claims.id });
  return done.length > 0;
}
