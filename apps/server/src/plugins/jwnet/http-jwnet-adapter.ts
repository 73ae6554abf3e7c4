import { isJwnetServiceHours } from '@junkan/shared/rules/jwnet-service';
import { z } from 'zod';
import { machineClock } from '../../lib/clock';
import {
  type JwnetAdapter,
  JwnetError,
  type JwnetRequestStatus,
  type JwnetServiceStatus,
  MANIFEST_STATUSES,
  type ManifestRegistration,
  type ManifestState,
  type TransportEndReport,
} from './jwnet-adapter';

export interface HttpJwnetAdapterOptions {
  /** Per call, answer body included; the fetch is aborted when it passes. Default 10 s (spec section 9). */
  timeoutMs?: number;
  /** Clock for the hours guess when the network cannot be reached. */
  now?: () => Date;
}

const reportSchema = z.object({
  transportEndDate: z.string(),
  volume: z.number(),
  unit: z.string(),
  valuables: z.object({ volume: z.number(), unit: z.string() }).optional(),
  vehicleNumber: z.string().optional(),
  reporter: z.string().optional(),
  transporter: z.string(),
  disposalMethod: z.string().optional(),
}) satisfies z.ZodType<TransportEndReport>;

const phaseSchema = z.object({ done: z.boolean(), date: z.string().nullable() });

const manifestSchema = z.object({
  manifestNumber: z.string(),
  status: z.enum(MANIFEST_STATUSES),
  runningFunctions: z.array(z.string()),
  deliveryDate: z.string(),
  transportEndDate: z.string().nullable(),
  disposalEndDate: z.string().nullable(),
  finalDisposalEndDate: z.string().nullable(),
  dischargeFacility: z.object({ name: z.string(), address: z.string() }),
  phases: z.object({
    reservation: phaseSchema,
    transportation: phaseSchema,
    processing: phaseSchema,
    final: phaseSchema,
  }),
  transportReport: reportSchema.nullable(),
  pendingChange: z
    .object({
      kind: z.enum(['CORRECTION', 'CANCELLATION']),
      report: reportSchema.nullable(),
      reflected: z.boolean(),
      answer: z.enum(['APPROVE', 'REJECT']).nullable(),
    })
    .nullable(),
}) satisfies z.ZodType<ManifestState>;

const requestSchema = z.object({
  requestId: z.string(),
  functionCode: z.string(),
  manifestNumber: z.string(),
  state: z.enum(['PENDING', 'DONE', 'REFUSED']),
  code: z.string().optional(),
  message: z.string().optional(),
  acceptedAt: z.string(),
  reflectedAt: z.string().nullable(),
}) satisfies z.ZodType<JwnetRequestStatus>;

const statusSchema = z.object({ inServiceHours: z.boolean(), serviceStopDay: z.boolean() });
const acceptedSchema = z.object({ requestId: z.string() });
const registeredSchema = z.object({ manifestNumber: z.string(), requestId: z.string() });
const errorBodySchema = z.object({ code: z.string(), message: z.string().optional() });

/** Maps an error answer to its kind; the network's code decides first, then the HTTP status. */
function errorOf(status: number, body: unknown): JwnetError {
  const parsed = errorBodySchema.safeParse(body);
  const code = parsed.success ? parsed.data.code : undefined;
  const message = (parsed.success && parsed.data.message) || `JWNET answered ${status}`;
  if (code === 'E_OUTSIDE_HOURS') return new JwnetError('OUTSIDE_HOURS', message, code);
  if (code === 'E_SERVICE_STOPPED') return new JwnetError('SERVICE_STOPPED', message, code);
  if (status === 404 && code === 'E_NOT_FOUND') return new JwnetError('NOT_FOUND', message, code);
  // 404 without the network's code means a wrong address, and 408/429 mean "later": not the request's fault.
  if (status >= 400 && status < 500 && status !== 404 && status !== 408 && status !== 429) {
    return new JwnetError('REFUSED', message, code ?? `HTTP_${status}`);
  }
  return new JwnetError('UNAVAILABLE', message, code);
}

function isAbort(err: unknown): boolean {
  return err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
}

/** The client of the simulator's HTTP API (apps/jwnet-simulator/README.md). */
export class HttpJwnetAdapter implements JwnetAdapter {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly now: () => Date;

  constructor(baseUrl: string, options: HttpJwnetAdapterOptions = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.now = options.now ?? machineClock;
  }

  async serviceStatus(): Promise<JwnetServiceStatus> {
    try {
      const s = await this.call('GET', '/status', statusSchema);
      return { available: true, inServiceHours: s.inServiceHours, serviceStopDay: s.serviceStopDay };
    } catch (err) {
      if (!(err instanceof JwnetError) || (err.kind !== 'UNAVAILABLE' && err.kind !== 'TIMEOUT')) throw err;
      return { available: false, inServiceHours: isJwnetServiceHours(this.now()), serviceStopDay: false };
    }
  }

  registerManifest(key: string, input: ManifestRegistration) {
    return this.call('POST', '/manifests', registeredSchema, key, input);
  }

  reportTransportEnd(key: string, manifestNumber: string, input: TransportEndReport) {
    return this.call(
      'POST',
      `${this.manifestPath(manifestNumber)}/transport-end`,
      acceptedSchema,
      key,
      input,
    );
  }

  correctReport(key: string, manifestNumber: string, input: TransportEndReport) {
    return this.call('POST', `${this.manifestPath(manifestNumber)}/correction`, acceptedSchema, key, input);
  }

  cancelReport(key: string, manifestNumber: string) {
    return this.call('POST', `${this.manifestPath(manifestNumber)}/cancellation`, acceptedSchema, key, {});
  }

  answerCorrection(key: string, manifestNumber: string, approve: boolean) {
    return this.call('POST', `${this.manifestPath(manifestNumber)}/correction-answer`, acceptedSchema, key, {
      approve,
    });
  }

  getManifest(manifestNumber: string): Promise<ManifestState> {
    return this.call('GET', this.manifestPath(manifestNumber), manifestSchema);
  }

  getRequest(requestId: string): Promise<JwnetRequestStatus> {
    return this.call('GET', `/requests/${encodeURIComponent(requestId)}`, requestSchema);
  }

  private manifestPath(manifestNumber: string): string {
    return `/manifests/${encodeURIComponent(manifestNumber)}`;
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T>,
    key?: string,
    body?: unknown,
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (key !== undefined) headers['idempotency-key'] = key;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let status: number;
    let text: string;
    try {
      // One signal for the answer and its body: a held answer aborts the fetch.
      const res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = res.status;
      text = await res.text();
    } catch (err) {
      if (isAbort(err)) throw new JwnetError('TIMEOUT', `JWNET gave no answer within ${this.timeoutMs} ms`);
      throw new JwnetError(
        'UNAVAILABLE',
        `JWNET cannot be reached: ${err instanceof Error ? err.message : err}`,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (status < 200 || status >= 300) throw errorOf(status, json);
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new JwnetError('UNAVAILABLE', `JWNET gave an unexpected answer to ${method} ${path}`);
    return parsed.data;
  }
}
