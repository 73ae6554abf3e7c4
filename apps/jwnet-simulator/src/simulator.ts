import { randomInt, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { isInServiceHours, japanDate } from './japan-time';
import {
  correctionAnswerSchema,
  ERROR_CODES,
  FUNCTION_CODES,
  type FunctionCode,
  isBlockedByRunningFunctions,
  type ManifestRegistration,
  type ManifestStatus,
  type ManifestView,
  type PendingChange,
  type RequestState,
  type RequestView,
  registrationSchema,
  type ServiceStatusView,
  type TransportReport,
  transportReportSchema,
} from './model';

export const DEFAULT_DELAY_MS = 10 * 60 * 1000;
export const DEFAULT_HOLD_MS = 30_000;

export interface SimulatorOptions {
  /** How long until accepted work is reflected; default 10 minutes. */
  delayMs?: number;
  /** A fixed clock (ISO instant); absent means the machine's clock. */
  clock?: string | Date;
  /** Service-stop days, Japan dates `YYYY-MM-DD`. */
  stopDays?: readonly string[];
  /** First manifest number to issue (11 digits); random by default so numbers differ across restarts. */
  manifestNumberStart?: number;
}

export type Fault =
  /** Work requests are refused at once with `code` (HTTP 422). */
  | { kind: 'refuse'; remaining: number | null; code: string; message: string }
  /** Work requests are accepted, then their result is REFUSED with `code` when reflected. */
  | { kind: 'failResults'; remaining: number | null; code: string; message: string }
  /** Every request is handled, but its answer is held for `holdMs` (longer than the client's timeout). */
  | { kind: 'timeout'; remaining: number | null; holdMs: number }
  /** Every request answers 503. */
  | { kind: 'unavailable'; remaining: number | null };

export type NetworkFault = { kind: 'unavailable' } | { kind: 'timeout'; holdMs: number };

export interface Answer {
  status: number;
  body: unknown;
}

export class SimulatorError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  toAnswer(): Answer {
    return { status: this.status, body: { code: this.code, message: this.message } };
  }
}

export type WorkOperation =
  | 'register'
  | 'reportTransportEnd'
  | 'correctReport'
  | 'cancelReport'
  | 'answerCorrection';

type WorkInput =
  | { op: 'register'; registration: ManifestRegistration }
  | { op: 'reportTransportEnd'; report: TransportReport }
  | { op: 'correctReport'; report: TransportReport }
  | { op: 'cancelReport' }
  | { op: 'answerCorrection'; approve: boolean };

interface ManifestRecord {
  number: string;
  registration: ManifestRegistration;
  registered: boolean;
  report: TransportReport | null;
  reportPending: boolean;
  change: PendingChange | null;
  disposalEndDate: string | null;
  finalDisposalEndDate: string | null;
}

type Outcome = { code: string; message: string } | null;

interface RequestRecord {
  requestId: string;
  functionCode: FunctionCode;
  manifestNumber: string;
  acceptedAt: Date;
  state: RequestState;
  code?: string;
  message?: string;
  reflectedAt: Date | null;
  failWith: Outcome;
  /** Applies the result; answers a refusal when the state no longer allows it. */
  reflect: () => Outcome;
  /** Takes back what acceptance did, when the result fails. */
  undo: () => void;
}

export interface SimulatorSettings {
  now: string;
  fixedClock: string | null;
  delayMs: number;
  stopDays: string[];
  fault: Fault | null;
  manifests: number;
  requests: number;
}

function toDate(clock: string | Date): Date {
  const d = clock instanceof Date ? new Date(clock.getTime()) : new Date(clock);
  if (Number.isNaN(d.getTime()))
    throw new SimulatorError(400, ERROR_CODES.INVALID, `invalid clock: ${clock}`);
  return d;
}

function parse<T>(schema: z.ZodType<T>, v: unknown): T {
  const result = schema.safeParse(v);
  if (!result.success) throw new SimulatorError(400, ERROR_CODES.INVALID, result.error.message);
  return result.data;
}

/**
 * The manifest network's rules, in memory. Results are reflected lazily: every call first reflects the
 * work whose delay has passed by the simulator's clock, so a fixed clock gives exact, timer-free tests.
 */
export class JwnetSimulator {
  private delayMs: number;
  private fixedClock: Date | null;
  private stopDays: Set<string>;
  private fault: Fault | null = null;
  private nextNumber: number;
  private manifests = new Map<string, ManifestRecord>();
  private requests = new Map<string, RequestRecord>();
  /** Accepted, not yet reflected, in acceptance order. */
  private pending: RequestRecord[] = [];
  private byKey = new Map<string, { fingerprint: string; answer: Answer }>();
  /** Every work call received, in arrival order: how often each key was sent (tests of the product's queue). */
  private received: { key: string; manifestNumber: string | null; op: WorkOperation }[] = [];

  constructor(private readonly options: SimulatorOptions = {}) {
    this.delayMs = options.delayMs ?? DEFAULT_DELAY_MS;
    this.fixedClock = options.clock === undefined ? null : toDate(options.clock);
    this.stopDays = new Set(options.stopDays ?? []);
    this.nextNumber = options.manifestNumberStart ?? randomInt(10_000_000_000, 90_000_000_000);
  }

  now(): Date {
    return this.fixedClock ? new Date(this.fixedClock.getTime()) : new Date();
  }

  // ---- the network's API ----

  serviceStatus(): ServiceStatusView {
    const now = this.now();
    return {
      available: true,
      inServiceHours: isInServiceHours(now),
      serviceStopDay: this.stopDays.has(japanDate(now)),
      now: now.toISOString(),
    };
  }

  getManifest(manifestNumber: string): ManifestView {
    this.reflectDue();
    return this.view(this.manifest(manifestNumber));
  }

  getRequest(requestId: string): RequestView {
    this.reflectDue();
    const r = this.requests.get(requestId);
    if (!r) throw new SimulatorError(404, ERROR_CODES.NOT_FOUND, `no request ${requestId}`);
    return {
      requestId: r.requestId,
      functionCode: r.functionCode,
      manifestNumber: r.manifestNumber,
      state: r.state,
      ...(r.code === undefined ? {} : { code: r.code, message: r.message }),
      acceptedAt: r.acceptedAt.toISOString(),
      reflectedAt: r.reflectedAt?.toISOString() ?? null,
    };
  }

  /**
   * Accepts one piece of work. The same key with the same request answers what it answered first (only
   * acceptances are remembered: a refusal is judged afresh on retry); with another request it is refused.
   */
  submit(op: WorkOperation, key: unknown, manifestNumber: string | null, body: unknown): Answer {
    if (typeof key === 'string') this.received.push({ key, manifestNumber, op });
    try {
      if (typeof key !== 'string' || key.length === 0 || key.length > 200) {
        throw new SimulatorError(
          400,
          ERROR_CODES.INVALID,
          'an Idempotency-Key header (1-200 characters) is required',
        );
      }
      const input = this.parseInput(op, body);
      const fingerprint = JSON.stringify([op, manifestNumber, input]);
      const seen = this.byKey.get(key);
      if (seen) {
        if (seen.fingerprint === fingerprint) return seen.answer;
        throw new SimulatorError(409, ERROR_CODES.KEY_REUSED, 'the key was used for another request');
      }
      this.reflectDue();
      this.checkServiceTime();
      const refusal = this.takeFault('refuse');
      if (refusal) throw new SimulatorError(422, refusal.code, refusal.message);

      const record = this.accept(input, manifestNumber);
      const failure = this.takeFault('failResults');
      if (failure) record.failWith = { code: failure.code, message: failure.message };
      this.requests.set(record.requestId, record);
      this.pending.push(record);
      const answer: Answer = {
        status: 202,
        body:
          op === 'register'
            ? { manifestNumber: record.manifestNumber, requestId: record.requestId }
            : { requestId: record.requestId },
      };
      this.byKey.set(key, { fingerprint, answer });
      return answer;
    } catch (err) {
      if (err instanceof SimulatorError) return err.toAnswer();
      throw err;
    }
  }

  /** Unavailable and timeout faults concern every call of the network's API; counts go down per call. */
  takeNetworkFault(): NetworkFault | null {
    const f = this.fault;
    if (!f || (f.kind !== 'unavailable' && f.kind !== 'timeout')) return null;
    this.countDown(f);
    return f.kind === 'timeout' ? { kind: 'timeout', holdMs: f.holdMs } : { kind: 'unavailable' };
  }

  // ---- control (development and tests only) ----

  settings(): SimulatorSettings {
    return {
      now: this.now().toISOString(),
      fixedClock: this.fixedClock?.toISOString() ?? null,
      delayMs: this.delayMs,
      stopDays: [...this.stopDays].sort(),
      fault: this.fault ? { ...this.fault } : null,
      manifests: this.manifests.size,
      requests: this.requests.size,
    };
  }

  /** The work calls received since the start or the last reset, in arrival order, repeats included. */
  receivedWork(): readonly { key: string; manifestNumber: string | null; op: WorkOperation }[] {
    return this.received;
  }

  /** Forgets every manifest, request and key, and goes back to the start options. */
  reset(): void {
    this.delayMs = this.options.delayMs ?? DEFAULT_DELAY_MS;
    this.fixedClock = this.options.clock === undefined ? null : toDate(this.options.clock);
    this.stopDays = new Set(this.options.stopDays ?? []);
    this.fault = null;
    this.manifests.clear();
    this.requests.clear();
    this.pending = [];
    this.byKey.clear();
    this.received = [];
  }

  /** Applies to work not reflected yet as well: reflection is due at acceptance + the current delay. */
  setDelay(delayMs: number): void {
    this.delayMs = delayMs;
  }

  setClock(clock: string | null): void {
    this.fixedClock = clock === null ? null : toDate(clock);
  }

  /** Moves the clock on; fixes it first if it was the machine's. */
  advanceClock(ms: number): void {
    this.fixedClock = new Date(this.now().getTime() + ms);
  }

  setStopDays(days: readonly string[]): void {
    this.stopDays = new Set(days);
  }

  setFault(fault: Fault | null): void {
    this.fault = fault;
  }

  /** The disposer's side, outside the product: records disposal end, then final disposal end, at once. */
  advanceManifest(
    manifestNumber: string,
    to: 'DISPOSAL_END' | 'FINAL_DISPOSAL_END',
    date?: string,
  ): ManifestView {
    this.reflectDue();
    const m = this.manifest(manifestNumber);
    const status = this.statusOf(m);
    const day = date ?? japanDate(this.now());
    if (to === 'DISPOSAL_END') {
      if (status !== 'TRANSPORT_END') throw this.stateError(m, 'disposal end needs TRANSPORT_END');
      if (day < (m.report?.transportEndDate ?? '')) {
        throw new SimulatorError(422, ERROR_CODES.DATE, 'disposal end before transport end');
      }
      m.disposalEndDate = day;
    } else {
      if (status !== 'DISPOSAL_END') throw this.stateError(m, 'final disposal end needs DISPOSAL_END');
      if (day < (m.disposalEndDate ?? '')) {
        throw new SimulatorError(422, ERROR_CODES.DATE, 'final disposal end before disposal end');
      }
      m.finalDisposalEndDate = day;
    }
    return this.view(m);
  }

  /** A manifest registered outside the product (e.g. by the discharger on the network itself), reflected at once. */
  createManifest(registration: unknown, transportReport?: unknown): ManifestView {
    const reg = parse(registrationSchema, registration);
    const report = transportReport === undefined ? null : parse(transportReportSchema, transportReport);
    if (report) this.checkReportDates(reg, report);
    const m = this.newManifest(reg);
    m.registered = true;
    m.report = report;
    return this.view(m);
  }

  // ---- inside ----

  private parseInput(op: WorkOperation, body: unknown): WorkInput {
    switch (op) {
      case 'register':
        return { op, registration: parse(registrationSchema, body) };
      case 'reportTransportEnd':
        return { op, report: parse(transportReportSchema, body) };
      case 'correctReport':
        return { op, report: parse(transportReportSchema, body) };
      case 'cancelReport':
        return { op };
      case 'answerCorrection':
        return { op, approve: parse(correctionAnswerSchema, body).approve };
    }
  }

  private checkServiceTime(): void {
    const now = this.now();
    if (this.stopDays.has(japanDate(now))) {
      throw new SimulatorError(
        403,
        ERROR_CODES.SERVICE_STOPPED,
        'the network is stopped for maintenance today',
      );
    }
    if (!isInServiceHours(now)) {
      throw new SimulatorError(
        403,
        ERROR_CODES.OUTSIDE_HOURS,
        'the network accepts work from 07:00 to 19:00 JST',
      );
    }
  }

  private takeFault(kind: 'refuse' | 'failResults'): { code: string; message: string } | null {
    const f = this.fault;
    if (!f || f.kind !== kind) return null;
    this.countDown(f);
    return { code: f.code, message: f.message };
  }

  private countDown(f: Fault): void {
    if (f.remaining === null) return;
    f.remaining -= 1;
    if (f.remaining <= 0) this.fault = null;
  }

  private accept(input: WorkInput, manifestNumber: string | null): RequestRecord {
    if (input.op === 'register') {
      const m = this.newManifest(input.registration);
      return this.record(FUNCTION_CODES.REGISTRATION, m, {
        reflect: () => {
          m.registered = true;
          return null;
        },
        undo: () => this.manifests.delete(m.number),
      });
    }

    const m = this.manifest(manifestNumber ?? '');
    const status = this.statusOf(m);
    if (isBlockedByRunningFunctions(status, this.runningCodes(m))) {
      throw new SimulatorError(422, ERROR_CODES.RUNNING, `functions are running on ${m.number}`);
    }

    if (input.op === 'reportTransportEnd') {
      if (status !== 'REGISTERED')
        throw this.stateError(m, 'a transport end can be reported only once registered');
      const report = input.report;
      this.checkReportDates(m.registration, report);
      m.reportPending = true;
      return this.record(FUNCTION_CODES.TRANSPORT_END, m, {
        reflect: () => {
          m.report = report;
          m.reportPending = false;
          return null;
        },
        undo: () => {
          m.reportPending = false;
        },
      });
    }

    if (input.op === 'correctReport' || input.op === 'cancelReport') {
      if (status !== 'TRANSPORT_END') {
        throw this.stateError(m, 'only a reported transport end with no change in flight can be changed');
      }
      const corrected = input.op === 'correctReport' ? input.report : null;
      if (corrected) this.checkReportDates(m.registration, corrected);
      const change: PendingChange = {
        kind: corrected ? 'CORRECTION' : 'CANCELLATION',
        report: corrected,
        reflected: false,
        answer: null,
      };
      m.change = change;
      return this.record(corrected ? FUNCTION_CODES.CORRECTION : FUNCTION_CODES.CANCELLATION, m, {
        reflect: () => {
          change.reflected = true;
          return null;
        },
        undo: () => {
          if (m.change === change) m.change = null;
        },
      });
    }

    // answerCorrection
    const change = m.change;
    if (!change || change.answer !== null)
      throw this.stateError(m, 'no correction or cancellation awaits an answer');
    const approve = input.approve;
    change.answer = approve ? 'APPROVE' : 'REJECT';
    return this.record(FUNCTION_CODES.CORRECTION_ANSWER, m, {
      reflect: () => {
        if (m.change !== change) {
          return { code: ERROR_CODES.STATE, message: 'the change this answers was refused' };
        }
        if (approve) m.report = change.kind === 'CORRECTION' ? change.report : null;
        m.change = null;
        return null;
      },
      undo: () => {
        if (m.change === change) change.answer = null;
      },
    });
  }

  private record(
    functionCode: FunctionCode,
    m: ManifestRecord,
    effects: Pick<RequestRecord, 'reflect' | 'undo'>,
  ): RequestRecord {
    return {
      requestId: randomUUID(),
      functionCode,
      manifestNumber: m.number,
      acceptedAt: this.now(),
      state: 'PENDING',
      reflectedAt: null,
      failWith: null,
      ...effects,
    };
  }

  /** Reflects due work in acceptance order; a manifest's work never overtakes its earlier work. */
  private reflectDue(): void {
    const now = this.now().getTime();
    const held = new Set<string>();
    const still: RequestRecord[] = [];
    for (const r of this.pending) {
      const dueAt = r.acceptedAt.getTime() + this.delayMs;
      if (held.has(r.manifestNumber) || dueAt > now) {
        held.add(r.manifestNumber);
        still.push(r);
        continue;
      }
      let outcome: Outcome;
      if (r.failWith) {
        r.undo();
        outcome = r.failWith;
      } else {
        outcome = r.reflect();
      }
      r.state = outcome ? 'REFUSED' : 'DONE';
      if (outcome) {
        r.code = outcome.code;
        r.message = outcome.message;
      }
      r.reflectedAt = new Date(dueAt);
    }
    this.pending = still;
  }

  private newManifest(registration: ManifestRegistration): ManifestRecord {
    const number = String(this.nextNumber++).padStart(11, '0');
    const m: ManifestRecord = {
      number,
      registration,
      registered: false,
      report: null,
      reportPending: false,
      change: null,
      disposalEndDate: null,
      finalDisposalEndDate: null,
    };
    this.manifests.set(number, m);
    return m;
  }

  private manifest(manifestNumber: string): ManifestRecord {
    const m = this.manifests.get(manifestNumber);
    if (!m) throw new SimulatorError(404, ERROR_CODES.NOT_FOUND, `no manifest ${manifestNumber}`);
    return m;
  }

  private checkReportDates(registration: ManifestRegistration, report: TransportReport): void {
    if (report.transportEndDate < registration.deliveryDate) {
      throw new SimulatorError(422, ERROR_CODES.DATE, 'transport end before the delivery date');
    }
    if (report.transportEndDate > japanDate(this.now())) {
      throw new SimulatorError(422, ERROR_CODES.DATE, 'transport end in the future');
    }
  }

  private stateError(m: ManifestRecord, why: string): SimulatorError {
    return new SimulatorError(422, ERROR_CODES.STATE, `${why} (manifest ${m.number} is ${this.statusOf(m)})`);
  }

  private runningCodes(m: ManifestRecord): FunctionCode[] {
    return this.pending.filter((r) => r.manifestNumber === m.number).map((r) => r.functionCode);
  }

  private statusOf(m: ManifestRecord): ManifestStatus {
    if (!m.registered) return 'RESERVED';
    if (m.finalDisposalEndDate) return 'FINAL_DISPOSAL_END';
    if (m.disposalEndDate) return 'DISPOSAL_END';
    if (m.reportPending || m.change) return 'TEMP_TRANSPORT';
    if (m.report) return 'TRANSPORT_END';
    return 'REGISTERED';
  }

  private view(m: ManifestRecord): ManifestView {
    const phase = (date: string | null) => ({ done: date !== null, date });
    const transportEndDate = m.report?.transportEndDate ?? null;
    return {
      manifestNumber: m.number,
      status: this.statusOf(m),
      runningFunctions: this.runningCodes(m),
      deliveryDate: m.registration.deliveryDate,
      transportEndDate,
      disposalEndDate: m.disposalEndDate,
      finalDisposalEndDate: m.finalDisposalEndDate,
      dischargeFacility: { ...m.registration.dischargeFacility },
      phases: {
        reservation: phase(m.registered ? m.registration.deliveryDate : null),
        transportation: phase(transportEndDate),
        processing: phase(m.disposalEndDate),
        final: phase(m.finalDisposalEndDate),
      },
      registration: structuredClone(m.registration),
      transportReport: m.report ? structuredClone(m.report) : null,
      pendingChange: m.change ? structuredClone(m.change) : null,
    };
  }
}
