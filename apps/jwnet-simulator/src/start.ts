import type { FastifyInstance } from 'fastify';
import { buildSimulatorApp } from './app';
import { JwnetControlClient } from './control-client';
import { JwnetSimulator, type SimulatorOptions } from './simulator';

export interface StartJwnetSimulatorOptions extends SimulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  logger?: boolean;
}

export interface RunningJwnetSimulator {
  url: string;
  control: JwnetControlClient;
  simulator: JwnetSimulator;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Starts the simulator's HTTP server in this process (tests) or for the CLI. */
export async function startJwnetSimulator(
  options: StartJwnetSimulatorOptions = {},
): Promise<RunningJwnetSimulator> {
  const { port = 0, host = '127.0.0.1', logger = false, ...simulatorOptions } = options;
  const simulator = new JwnetSimulator(simulatorOptions);
  const app = buildSimulatorApp(simulator, { logger });
  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`;
  return { url, control: new JwnetControlClient(url), simulator, app, close: () => app.close() };
}
