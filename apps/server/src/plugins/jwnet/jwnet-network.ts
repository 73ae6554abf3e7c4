import type { JwnetAdapter, JwnetServiceStatus } from './jwnet-adapter';

/**
 * The manifest network as the features use it: the adapter, and its service status kept for a short while,
 * since every report the screens open and every action the server checks asks for it.
 */
export class JwnetNetwork {
  private cached: { at: number; status: JwnetServiceStatus } | undefined;
  private inFlight: Promise<JwnetServiceStatus> | undefined;

  constructor(
    readonly adapter: JwnetAdapter,
    private readonly options: { statusTtlMs?: number; now?: () => Date } = {},
  ) {}

  private get ttl() {
    return this.options.statusTtlMs ?? 15_000;
  }

  /**
   * Never throws: an unreachable network is `available: false`. Reads take the kept status; a call about to send
   * work asks `fresh`, so that a stop day or an outage that began since the last read refuses it before anything
   * is written (the answer is kept for the reads that follow).
   */
  async status({ fresh = false }: { fresh?: boolean } = {}): Promise<JwnetServiceStatus> {
    // A cache's age: a duration, on the monotonic clock.
    const now = performance.now();
    if (!fresh && this.cached && now - this.cached.at < this.ttl) return this.cached.status;
    this.inFlight ??= this.adapter
      .serviceStatus()
      .catch(() => ({ available: false, inServiceHours: false, serviceStopDay: false }))
      .then((status) => {
        this.cached = { at: performance.now(), status };
        return status;
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }

  /** Forgets the kept status (tests that change the simulator's faults, or after a failed call). */
  forgetStatus() {
    this.cached = undefined;
  }
}
