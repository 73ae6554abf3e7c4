import { z } from 'zod';

/** Codes of the functions a manifest reports as running while their result is not reflected yet. */
export const FUNCTION_CODES = {
  REGISTRATION: '1000',
  TRANSPORT_END: '0403',
  CORRECTION: '0501',
  CANCELLATION: '0601',
  CORRECTION_ANSWER: '0701',
} as const;
export type FunctionCode = (typeof FUNCTION_CODES)[keyof typeof FUNCTION_CODES];

/**
 * RESERVED (予約): registration accepted, number issued, '1000' running.
 * REGISTERED (登録): registered; the transport end is not reported.
 * TEMP_TRANSPORT (運搬終了・仮): the transport end is provisional: its report ('0403') or a change of it
 *   (correction '0501' / cancellation '0601' / the discharger's answer '0701') is in flight or awaits an answer.
 * TRANSPORT_END (運搬終了), DISPOSAL_END (処分終了), FINAL_DISPOSAL_END (最終処分終了).
 */
export const MANIFEST_STATUSES = [
  'RESERVED',
  'REGISTERED',
  'TEMP_TRANSPORT',
  'TRANSPORT_END',
  'DISPOSAL_END',
  'FINAL_DISPOSAL_END',
] as const;
export type ManifestStatus = (typeof MANIFEST_STATUSES)[number];

/**
 * The spec's disabling rule: running functions block everything unless the manifest is TEMP_TRANSPORT and
 * none of them is a registration (1000) or a transport-end report (0403). So while a correction or
 * cancellation is in flight the discharger can still answer it.
 */
export function isBlockedByRunningFunctions(
  status: ManifestStatus,
  runningCodes: readonly string[],
): boolean {
  if (runningCodes.length === 0) return false;
  if (status !== 'TEMP_TRANSPORT') return true;
  return runningCodes.some((c) => c === FUNCTION_CODES.REGISTRATION || c === FUNCTION_CODES.TRANSPORT_END);
}

/** Error codes the simulator answers with (`{ code, message }`). */
export const ERROR_CODES = {
  OUTSIDE_HOURS: 'E_OUTSIDE_HOURS',
  SERVICE_STOPPED: 'E_SERVICE_STOPPED',
  UNAVAILABLE: 'E_UNAVAILABLE',
  INVALID: 'E_INVALID',
  DATE: 'E_DATE',
  NOT_FOUND: 'E_NOT_FOUND',
  /** No such path: a client pointed at the wrong address, not an unknown manifest. */
  NO_ROUTE: 'E_NO_ROUTE',
  RUNNING: 'E_RUNNING',
  STATE: 'E_STATE',
  KEY_REUSED: 'E_KEY_REUSED',
  REFUSED: 'E_REFUSED',
} as const;

const text = (max: number) => z.string().trim().min(1).max(max);
const japanDateString = z.iso.date();

export const registrationSchema = z.object({
  /** 交付日, Japan date. */
  deliveryDate: japanDateString,
  /** 加入者番号 of the discharger: 7 alphanumerics. */
  dischargerSubscriberNumber: z.string().regex(/^[0-9A-Za-z]{7}$/),
  dischargerName: text(100),
  dischargeFacility: z.object({ name: text(100), address: text(254) }),
  waste: z.object({
    name: text(100),
    /** Waste kind code, 7 characters. */
    code: z.string().length(7).optional(),
    quantity: z.number().positive(),
    unit: text(10),
  }),
  transporterName: text(100),
  disposerName: text(100).optional(),
});
export type ManifestRegistration = z.infer<typeof registrationSchema>;

export const transportReportSchema = z.object({
  transportEndDate: japanDateString,
  volume: z.number().positive(),
  unit: text(10),
  valuables: z.object({ volume: z.number().nonnegative(), unit: text(10) }).optional(),
  vehicleNumber: text(30).optional(),
  reporter: text(24).optional(),
  transporter: text(24),
  disposalMethod: text(100).optional(),
});
export type TransportReport = z.infer<typeof transportReportSchema>;

export const correctionAnswerSchema = z.object({ approve: z.boolean() });

export const manifestNumberSchema = z.string().regex(/^\d{11}$/);

export interface ManifestPhase {
  done: boolean;
  /** The date that completed the phase (Japan date), null until done. */
  date: string | null;
}

export interface PendingChange {
  kind: 'CORRECTION' | 'CANCELLATION';
  /** The corrected values; null for a cancellation. */
  report: TransportReport | null;
  /** True once the change itself is reflected: it then awaits the discharger's answer. */
  reflected: boolean;
  /** The discharger's answer once sent (reflected or not). */
  answer: 'APPROVE' | 'REJECT' | null;
}

/** What `GET /manifests/:number` answers. */
export interface ManifestView {
  manifestNumber: string;
  status: ManifestStatus;
  runningFunctions: FunctionCode[];
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
  registration: ManifestRegistration;
  transportReport: TransportReport | null;
  pendingChange: PendingChange | null;
}

export type RequestState = 'PENDING' | 'DONE' | 'REFUSED';

/** What `GET /requests/:id` answers. */
export interface RequestView {
  requestId: string;
  functionCode: FunctionCode;
  manifestNumber: string;
  state: RequestState;
  code?: string;
  message?: string;
  acceptedAt: string;
  reflectedAt: string | null;
}

export interface ServiceStatusView {
  available: true;
  inServiceHours: boolean;
  serviceStopDay: boolean;
  /** The simulator's clock (ISO instant). */
  now: string;
}
