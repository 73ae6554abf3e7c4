import type { ManifestStatus } from '@junkan/shared/enums';
/**
 * The manifest network (JWNET) behind one interface (ruling 12). The product talks to the simulator
 * (`apps/jwnet-simulator`) through `HttpJwnetAdapter`; a real network client would implement the same.
 *
 * Work calls (register, report, correct, cancel, answer) only queue work on the network: they answer a
 * request id at once, and the result is reflected later (about 10 minutes). Poll `getRequest` for the
 * outcome and `getManifest` for the manifest's state. Every work call takes the caller's request key:
 * calling again with the same key and the same input answers the first answer, so a retry after a lost
 * answer (timeout) never does the work twice. A refused call is not remembered: its retry is judged afresh.
 */

/** Functions a manifest lists as running while their result is not reflected yet. */
export const JWNET_FUNCTION_CODES = {
  REGISTRATION: '1000',
  TRANSPORT_END: '0403',
  CORRECTION: '0501',
  CANCELLATION: '0601',
  CORRECTION_ANSWER: '0701',
} as const;

// The statuses live in the shared package (enums.ts); an approved cancellation takes a manifest
// from TEMP_TRANSPORT back to REGISTERED.
export { MANIFEST_STATUSES, type ManifestStatus } from '@junkan/shared/enums';

/** Dates are Japan dates `YYYY-MM-DD`. */
export interface ManifestRegistration {
  /** 交付日 */
  deliveryDate: string;
  /** 加入者番号: 7 alphanumerics. */
  dischargerSubscriberNumber: string;
  dischargerName: string;
  dischargeFacility: { name: string; address: string };
  /** `code`: the 7-character waste kind code. */
  waste: { name: string; code?: string; quantity: number; unit: string };
  transporterName: string;
  disposerName?: string;
}

export interface TransportEndReport {
  transportEndDate: string;
  volume: number;
  unit: string;
  valuables?: { volume: number; unit: string };
  vehicleNumber?: string;
  reporter?: string;
  transporter: string;
  disposalMethod?: string;
}

export interface ManifestPhase {
  done: boolean;
  /** The date that completed the phase; null until done. */
  date: string | null;
}

export interface ManifestState {
  /** 11 digits. */
  manifestNumber: string;
  status: ManifestStatus;
  /** Codes of work not reflected yet, oldest first (see JWNET_FUNCTION_CODES). */
  runningFunctions: string[];
  deliveryDate: string;
  transportEndDate: string | null;
  disposalEndDate: string | null;
  finalDisposalEndDate: string | null;
  dischargeFacility: { name: string; address: string };
  phases: {
    reservation: ManifestPhase;
    transportation: ManifestPhase;
    processing: ManifestPhase;
    final: ManifestPhase;
  };
  /** The reflected transport-end report. */
  transportReport: TransportEndReport | null;
  /** A correction or cancellation of the report: `reflected` once the network holds it, `answer` once sent. */
  pendingChange: {
    kind: 'CORRECTION' | 'CANCELLATION';
    report: TransportEndReport | null;
    reflected: boolean;
    answer: 'APPROVE' | 'REJECT' | null;
  } | null;
}

export interface JwnetServiceStatus {
  /** The network answered. When false the other two are the best guess: hours by the clock, no stop day. */
  available: boolean;
  /** 07:00-19:00 Japan time. */
  inServiceHours: boolean;
  serviceStopDay: boolean;
}

export interface JwnetRequestStatus {
  requestId: string;
  functionCode: string;
  manifestNumber: string;
  /** PENDING until reflected; then DONE, or REFUSED with the network's code and message. */
  state: 'PENDING' | 'DONE' | 'REFUSED';
  code?: string;
  message?: string;
  acceptedAt: string;
  reflectedAt: string | null;
}

export interface JwnetAdapter {
  /** Never throws for an unreachable network: answers `available: false`. */
  serviceStatus(): Promise<JwnetServiceStatus>;
  /** 1000: issues the manifest number at once; the registration is reflected later. */
  registerManifest(
    key: string,
    input: ManifestRegistration,
  ): Promise<{ manifestNumber: string; requestId: string }>;
  /** 0403 */
  reportTransportEnd(
    key: string,
    manifestNumber: string,
    input: TransportEndReport,
  ): Promise<{ requestId: string }>;
  /** 0501: a correction of the reflected report; applied once the discharger approves it. */
  correctReport(
    key: string,
    manifestNumber: string,
    input: TransportEndReport,
  ): Promise<{ requestId: string }>;
  /** 0601: a cancellation (deletion) of the reflected report; applied once the discharger approves it. */
  cancelReport(key: string, manifestNumber: string): Promise<{ requestId: string }>;
  /** 0701: the discharger's answer to the correction or cancellation in flight. */
  answerCorrection(key: string, manifestNumber: string, approve: boolean): Promise<{ requestId: string }>;
  getManifest(manifestNumber: string): Promise<ManifestState>;
  getRequest(requestId: string): Promise<JwnetRequestStatus>;
}

/**
 * OUTSIDE_HOURS, SERVICE_STOPPED: refused by the clock, retry in service time.
 * UNAVAILABLE: no usable answer (down, 503, unreachable). TIMEOUT: no answer in time; the work may have been
 * done, so retry with the same key. REFUSED: the network refused the request (`code`); retrying will not help.
 * NOT_FOUND: no such manifest or request (also what is left after a simulator restart).
 */
export type JwnetErrorKind =
  | 'OUTSIDE_HOURS'
  | 'SERVICE_STOPPED'
  | 'UNAVAILABLE'
  | 'TIMEOUT'
  | 'REFUSED'
  | 'NOT_FOUND';

const RETRYABLE: ReadonlySet<JwnetErrorKind> = new Set([
  'OUTSIDE_HOURS',
  'SERVICE_STOPPED',
  'UNAVAILABLE',
  'TIMEOUT',
]);

export class JwnetError extends Error {
  override readonly name = 'JwnetError';
  constructor(
    readonly kind: JwnetErrorKind,
    message: string,
    /** The network's error code, when it gave one. */
    readonly code?: string,
  ) {
    super(message);
  }

  /** Worth retrying later with the same key. */
  get isRetryable(): boolean {
    return RETRYABLE.has(this.kind);
  }
}
