import { createHash, randomUUID } from 'node:crypto';
import type { ManifestRegistrationInput } from '@junkan/shared/api/manifests';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { manifestRegistrationClaims as claims } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { JwnetError } from '../../plugins/jwnet/jwnet-adapter';

/**
 * The registration key of the discharger's form (`registrationKey`), claimed in the database before the network is
 * asked, so that one form sent twice (two tabs, a double click, a resend after a lost answer) registers one
 * manifest. The first request claims the key (PENDING) and asks the network with a key derived from the company,
 * the registration key and the claim's attempt; the manifest is stored and the claim marked DONE in one
 * transaction. Meanwhile the same key answers 409 manifest_registration_in_progress; once DONE, the manifest.
 * While the network may hold a registration it did not answer (a lost answer, a request that died), the claim keeps
 * what was sent (`sent_input`), and every resend registers that, edited or not: asked with the same key and the
 * same request, the network answers the number it issued, never a second manifest.
 */

/** How long a PENDING claim holds off others (business clock): past it, the request that made it is taken as dead. */
export const REGISTRATION_CLAIM_LEASE_MS = 2 * 60_000;

/** A claim this request holds: the network's key to ask with, and the token every later write checks. */
export interface RegistrationClaim {
  id: number;
  token: string;
  networkKey: string;
  /** The registration sent was kept from an earlier send the network may hold (not this request's own). */
  resumed: boolean;
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

const isLive = (row: { state: string; claimedAt: Date }, now: Date) =>
  row.state === 'PENDING' && row.claimedAt.getTime() > now.getTime() - REGISTRATION_CLAIM_LEASE_MS;

/** What a claim keeps of the form: the registration without its key. */
function sentOf(input: ManifestRegistrationInput) {
  const { registrationKey: _key, ...sent } = input;
  return sent;
}

/**
 * What the key names already: the manifest it registered, the registration the network may hold (to be sent again
 * as it was), or null (not claimed, or released with nothing sent that the network may hold). A registration under
 * way is refused (409 manifest_registration_in_progress); one left by a request that died past its lease is not.
 */
export async function registrationOfKey(
  db: DbOrTx,
  companyId: number,
  registrationKey: string,
  now: Date,
): Promise<{ manifestNumber: string } | { sentInput: ManifestRegistrationInput } | null> {
  const [row] = await db.select().from(claims).where(ofKey(companyId, registrationKey));
  if (row?.state === 'DONE' && row.manifestNumber) return { manifestNumber: row.manifestNumber };
  if (row && isLive(row, now)) throw inProgress();
  return row?.sentInput ? { sentInput: { ...row.sentInput, registrationKey } } : null;
}

/**
 * Claims the key for this request, to ask the network with `input`: a new key, a released one, or one left PENDING
 * past the lease (its attempt's network key again: the network answers the number it may have issued to the
 * request that died). The registration kept from a send the network may hold stays the claim's (the caller sends
 * it: `registrationOfKey`). Answers the manifest instead when the key registered one meanwhile; 409 while another
 * request holds it.
 */
export function claimRegistration(
  db: Database,
  companyId: number,
  registrationKey: string,
  input: ManifestRegistrationInput,
  now: Date,
): Promise<RegistrationClaim | { manifestNumber: string }> {
  const token = randomUUID();
  const claimed = (row: { id: number; attempt: number }, resumed: boolean) => ({
    id: row.id,
    token,
    networkKey: networkKeyOf(companyId, registrationKey, row.attempt),
    resumed,
  });
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(claims).where(ofKey(companyId, registrationKey)).for('update');
    if (!row) {
      const [inserted] = await tx
        .insert(claims)
        .values({
          dischargerCompanyId: companyId,
          registrationKey,
          state: 'PENDING',
          claimToken: token,
          claimedAt: now,
          sentInput: sentOf(input),
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: [claims.dischargerCompanyId, claims.registrationKey] })
        .returning({ id: claims.id, attempt: claims.attempt });
      // Claimed by another request between the two statements.
      if (!inserted) throw inProgress();
      return claimed(inserted, false);
    }
    if (row.state === 'DONE' && row.manifestNumber) return { manifestNumber: row.manifestNumber };
    if (isLive(row, now)) throw inProgress();
    await tx
      .update(claims)
      .set({
        state: 'PENDING',
        claimToken: token,
        claimedAt: now,
        sentInput: row.sentInput ?? sentOf(input),
        updatedAt: now,
      })
      .where(eq(claims.id, row.id));
    return claimed(row, row.sentInput !== null);
  });
}

/**
 * What the network's failure says of the attempt's key: REFUSED, the request was judged and refused (a resend asks
 * with the next attempt's key, and may be edited); MAYBE_TAKEN, the network may have registered it (no answer, a
 * connection lost or an answer garbled, the key already holding another request), so the key and what was sent are
 * kept; NOT_TAKEN, turned away unread (outside hours, a stop day, the network saying it is unavailable): nothing
 * changes but this request's own send, which is forgotten.
 */
export type NetworkFailure = 'REFUSED' | 'MAYBE_TAKEN' | 'NOT_TAKEN';

export function networkFailureOf(error: JwnetError): NetworkFailure {
  if (error.kind === 'REFUSED') return error.code === 'E_KEY_REUSED' ? 'MAYBE_TAKEN' : 'REFUSED';
  if (error.kind === 'TIMEOUT') return 'MAYBE_TAKEN';
  // Unavailable with the network's own code is its answer that it took nothing; without one, nobody knows.
  if (error.kind === 'UNAVAILABLE') return error.code === 'E_UNAVAILABLE' ? 'NOT_TAKEN' : 'MAYBE_TAKEN';
  return 'NOT_TAKEN';
}

/**
 * The network did not issue the number to this request: the key may be sent again (`NetworkFailure` says what it
 * keeps). A refusal retires the attempt's network key (the network may answer it with the same refusal); a failure
 * that may hide a number issued keeps the key and what was sent, so that the resend asks the same and gets that
 * number. Nothing is changed if the claim was taken over.
 */
export async function releaseRegistration(
  db: DbOrTx,
  claim: RegistrationClaim,
  failure: NetworkFailure,
  now: Date,
): Promise<void> {
  await db
    .update(claims)
    .set({
      state: 'RELEASED',
      claimToken: null,
      ...(failure === 'REFUSED' ? { attempt: sql`${claims.attempt} + 1`, sentInput: null } : {}),
      ...(failure === 'NOT_TAKEN' && !claim.resumed ? { sentInput: null } : {}),
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
    .set({ state: 'DONE', claimToken: null, manifestNumber, sentInput: null, updatedAt: now })
    .where(and(eq(claims.id, claim.id), eq(claims.claimToken, claim.token), eq(claims.state, 'PENDING')))
    .returning({ id: claims.id });
  return done.length > 0;
}
