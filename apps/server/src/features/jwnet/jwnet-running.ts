import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jwnetRequests } from '../../db/schema';
import { JWNET_FUNCTION_CODES } from '../../plugins/jwnet/jwnet-adapter';
import type { JwnetWork } from './jwnet-queue';

/**
 * The running functions of a manifest as the rules and the screens see them: the network's last answer
 * UNION this product's own work for the manifest that is not finished (queued, or sent and its result not
 * read yet). A read of the network knows nothing of work still in the queue, so it must never be able to
 * clear it: the product's own work counts as running until the worker has recorded the network's result.
 */

/** The function code each kind of the product's work runs as on the network. */
export const FUNCTION_OF_WORK: Readonly<Record<JwnetWork['kind'], string>> = {
  REGISTER_MANIFEST: JWNET_FUNCTION_CODES.REGISTRATION,
  REPORT_TRANSPORT_END: JWNET_FUNCTION_CODES.TRANSPORT_END,
  CORRECT_REPORT: JWNET_FUNCTION_CODES.CORRECTION,
  CANCEL_REPORT: JWNET_FUNCTION_CODES.CANCELLATION,
  ANSWER_CORRECTION: JWNET_FUNCTION_CODES.CORRECTION_ANSWER,
};

/** States of the product's work whose result the product has not recorded yet. */
export const UNFINISHED_WORK_STATES = ['QUEUED', 'SENT'] as const;

/**
 * SQL for the kinds of the product's unfinished work on a manifest number, oldest first (a JSON array).
 * `manifestNumber` must be qualified by its table (`m.manifest_number`): jwnet_requests has the same column.
 */
export function unfinishedWorkKinds(manifestNumber: SQL): SQL<unknown> {
  return sql`(select coalesce(json_agg(q.kind order by q.id), '[]'::json) from jwnet_requests q
    where q.manifest_number = ${manifestNumber} and q.state in ('QUEUED', 'SENT'))`;
}

/**
 * SQL for the status `manifestStateSeen` gives a manifest row aliased `m`, so a filter on status matches what
 * the screens show.
 */
export function seenStatusOfManifestRow(): SQL<unknown> {
  return sql`(case when m.network_status in ('REGISTERED', 'TRANSPORT_END') and exists (
    select 1 from jwnet_requests q where q.manifest_number = m.manifest_number
      and q.state in ('QUEUED', 'SENT') and q.kind <> 'REGISTER_MANIFEST')
    then 'TEMP_TRANSPORT' else m.network_status end)`;
}

/** The same SQL for the `manifests` table of a Drizzle query. */
export const unfinishedWorkKindsOfManifests = () =>
  unfinishedWorkKinds(sql.raw('"manifests"."manifest_number"'));

/** The kinds of the product's unfinished work on one manifest, oldest first. */
export async function unfinishedKindsOf(db: DbOrTx, manifestNumber: string): Promise<string[]> {
  const rows = await db
    .select({ kind: jwnetRequests.kind })
    .from(jwnetRequests)
    .where(
      and(
        eq(jwnetRequests.manifestNumber, manifestNumber),
        inArray(jwnetRequests.state, [...UNFINISHED_WORK_STATES]),
      ),
    )
    .orderBy(asc(jwnetRequests.id));
  return rows.map((r) => r.kind);
}

const kindsOf = (value: unknown): string[] => {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? parsed.map(String) : [];
};

export interface ManifestStateSeen {
  status: string | null;
  runningFunctions: string[];
}

/**
 * What the rules read of a manifest: its stored network state with the product's unfinished work added.
 * Work other than the registration puts the manifest where the network puts it when it takes that work
 * (TEMP_TRANSPORT: a transport-end report, or a change of it or the answer to one, in flight), so the
 * discharger can answer a correction that is still queued, and nothing else can be done meanwhile.
 */
export function manifestStateSeen(
  network: { status: string | null; runningFunctions: readonly string[] | null | undefined },
  unfinishedKinds: unknown,
): ManifestStateSeen {
  const own = kindsOf(unfinishedKinds).flatMap((kind) => {
    const code = FUNCTION_OF_WORK[kind as JwnetWork['kind']];
    return code ? [code] : [];
  });
  const runningFunctions = [...new Set([...(network.runningFunctions ?? []), ...own])];
  const changesReport = own.some((code) => code !== JWNET_FUNCTION_CODES.REGISTRATION);
  const status =
    changesReport && (network.status === 'REGISTERED' || network.status === 'TRANSPORT_END')
      ? 'TEMP_TRANSPORT'
      : network.status;
  return { status, runningFunctions };
}
