import type { ControlAction } from './control';
import type { ManifestRegistration, ManifestView, TransportReport } from './model';
import type { SimulatorSettings } from './simulator';

interface ControlAnswer {
  settings: SimulatorSettings;
  manifest?: ManifestView;
}

/** Typed client of the simulator's control API (`/__control`), for tests and development scripts. */
export class JwnetControlClient {
  constructor(readonly baseUrl: string) {}

  async settings(): Promise<SimulatorSettings> {
    const res = await fetch(`${this.baseUrl}/__control`);
    return (await res.json()) as SimulatorSettings;
  }

  async send(action: ControlAction): Promise<ControlAnswer> {
    const res = await fetch(`${this.baseUrl}/__control`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(action),
    });
    const body = (await res.json()) as ControlAnswer & { code?: string; message?: string };
    if (!res.ok)
      throw new Error(`control ${action.action} failed: ${res.status} ${body.code} ${body.message}`);
    return body;
  }

  reset = () => this.send({ action: 'reset' });
  setDelay = (delayMs: number) => this.send({ action: 'setDelay', delayMs });
  /** A fixed clock (ISO instant with offset, e.g. `2026-11-20T07:00:00+09:00`); null returns to the machine's. */
  setClock = (now: string | null) => this.send({ action: 'setClock', now });
  advanceClock = (ms: number) => this.send({ action: 'advanceClock', ms });
  setStopDays = (dates: string[]) => this.send({ action: 'setStopDays', dates });
  /** Refuses the next `count` work requests (all while no count) with `code`. */
  refuse = (opts: { count?: number; code?: string; message?: string } = {}) =>
    this.send({ action: 'refuse', ...opts });
  /** Accepts the next `count` work requests but makes their results REFUSED with `code`. */
  failResults = (opts: { count?: number; code?: string; message?: string } = {}) =>
    this.send({ action: 'failResults', ...opts });
  /** Holds the next `count` answers for `holdMs` (default 30 s) after doing the work. */
  timeout = (opts: { count?: number; holdMs?: number } = {}) => this.send({ action: 'timeout', ...opts });
  /** Answers 503 to the next `count` requests. */
  unavailable = (opts: { count?: number } = {}) => this.send({ action: 'unavailable', ...opts });
  clearFaults = () => this.send({ action: 'clearFaults' });

  async advanceManifest(
    manifestNumber: string,
    to: 'DISPOSAL_END' | 'FINAL_DISPOSAL_END',
    date?: string,
  ): Promise<ManifestView> {
    const { manifest } = await this.send({ action: 'advanceManifest', manifestNumber, to, date });
    return manifest!;
  }

  async createManifest(
    registration: ManifestRegistration,
    transportReport?: TransportReport,
  ): Promise<ManifestView> {
    const { manifest } = await this.send({ action: 'createManifest', registration, transportReport });
    return manifest!;
  }
}
