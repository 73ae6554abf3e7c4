import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { controlActionSchema } from './control';
import { ERROR_CODES } from './model';
import {
  type Answer,
  DEFAULT_HOLD_MS,
  type JwnetSimulator,
  SimulatorError,
  type WorkOperation,
} from './simulator';

export interface SimulatorAppOptions {
  logger?: boolean;
}

type NumberParams = { manifestNumber: string };

function send(reply: FastifyReply, answer: Answer) {
  return reply.code(answer.status).send(answer.body);
}

/** Runs a read, turning the simulator's refusals into `{ code, message }` answers. */
function answerOf(read: () => unknown): Answer {
  try {
    return { status: 200, body: read() };
  } catch (err) {
    if (err instanceof SimulatorError) return err.toAnswer();
    throw err;
  }
}

/** The network's API (faults apply) and the control API under `/__control` (faults never apply). */
export function buildSimulatorApp(sim: JwnetSimulator, options: SimulatorAppOptions = {}): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false });
  /** Answers held by the timeout fault; released early when the server closes. */
  const held = new Set<() => void>();
  const holds = new WeakMap<FastifyRequest, number>();

  app.addHook('preClose', async () => {
    for (const release of held) release();
  });

  app.setErrorHandler((err: FastifyError, _req, reply) => {
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      app.log.error(err);
      return reply.code(500).send({ code: 'E_INTERNAL', message: 'simulator error' });
    }
    return reply.code(status).send({ code: ERROR_CODES.INVALID, message: err.message });
  });
  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send({ code: ERROR_CODES.NO_ROUTE, message: `no route ${req.method} ${req.url}` }),
  );

  app.register(async (net) => {
    net.addHook('onRequest', async (req, reply) => {
      const fault = sim.takeNetworkFault();
      if (fault?.kind === 'unavailable') {
        return reply.code(503).send({ code: ERROR_CODES.UNAVAILABLE, message: 'the network is unavailable' });
      }
      if (fault?.kind === 'timeout') holds.set(req, fault.holdMs);
    });
    // The work is done before the hold, as when a real answer is lost on the way: a retry with the same
    // key must then get the same answer.
    net.addHook('onSend', async (req, _reply, payload) => {
      const holdMs = holds.get(req);
      if (holdMs !== undefined) {
        await new Promise<void>((resolve) => {
          const release = () => {
            clearTimeout(timer);
            held.delete(release);
            resolve();
          };
          const timer = setTimeout(release, holdMs);
          held.add(release);
        });
      }
      return payload;
    });

    net.get('/status', async () => sim.serviceStatus());
    net.get<{ Params: NumberParams }>('/manifests/:manifestNumber', async (req, reply) =>
      send(
        reply,
        answerOf(() => sim.getManifest(req.params.manifestNumber)),
      ),
    );
    net.get<{ Params: { requestId: string } }>('/requests/:requestId', async (req, reply) =>
      send(
        reply,
        answerOf(() => sim.getRequest(req.params.requestId)),
      ),
    );

    const work = (path: string, op: WorkOperation) =>
      net.post<{ Params: Partial<NumberParams> }>(path, async (req, reply) =>
        send(
          reply,
          sim.submit(op, req.headers['idempotency-key'], req.params.manifestNumber ?? null, req.body),
        ),
      );
    work('/manifests', 'register');
    work('/manifests/:manifestNumber/transport-end', 'reportTransportEnd');
    work('/manifests/:manifestNumber/correction', 'correctReport');
    work('/manifests/:manifestNumber/cancellation', 'cancelReport');
    work('/manifests/:manifestNumber/correction-answer', 'answerCorrection');
  });

  app.get('/__control', async () => sim.settings());
  app.post('/__control', async (req, reply) => {
    const parsed = controlActionSchema.safeParse(req.body);
    if (!parsed.success)
      return reply.code(400).send({ code: ERROR_CODES.INVALID, message: parsed.error.message });
    const a = parsed.data;
    const answer = answerOf(() => {
      switch (a.action) {
        case 'reset':
          sim.reset();
          break;
        case 'setDelay':
          sim.setDelay(a.delayMs);
          break;
        case 'setClock':
          sim.setClock(a.now);
          break;
        case 'advanceClock':
          sim.advanceClock(a.ms);
          break;
        case 'setStopDays':
          sim.setStopDays(a.dates);
          break;
        case 'refuse':
        case 'failResults':
          sim.setFault({ kind: a.action, remaining: a.count ?? null, code: a.code, message: a.message });
          break;
        case 'timeout':
          sim.setFault({ kind: 'timeout', remaining: a.count ?? null, holdMs: a.holdMs ?? DEFAULT_HOLD_MS });
          break;
        case 'unavailable':
          sim.setFault({ kind: 'unavailable', remaining: a.count ?? null });
          break;
        case 'clearFaults':
          sim.setFault(null);
          break;
        case 'advanceManifest':
          return { settings: sim.settings(), manifest: sim.advanceManifest(a.manifestNumber, a.to, a.date) };
        case 'createManifest':
          return {
            settings: sim.settings(),
            manifest: sim.createManifest(a.registration, a.transportReport),
          };
      }
      return { settings: sim.settings() };
    });
    return send(reply, answer);
  });

  return app;
}
