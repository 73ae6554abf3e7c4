import type { FastifyInstance } from 'fastify';
import { buildSimulatorApp } from './app';
import { CardControlClient } from './control-client';
import { CardSimulator, type CardSimulatorOptions } from './simulator';

export interface StartCardSimulatorOptions extends CardSimulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Browser-facing base of the hosted pages (the 3-D Secure `action_url`); default the listening address. */
  publicUrl?: string;
  logger?: boolean;
}

export interface RunningCardSimulator {
  url: string;
  control: CardControlClient;
  simulator: CardSimulator;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Starts the simulator's HTTP server in this process (tests) or for the CLI. */
export async function startCardSimulator(options: StartCardSimulatorOptions): Promise<RunningCardSimulator> {
  const { port = 0, host = '127.0.0.1', logger = false, publicUrl, ...simulatorOptions } = options;
  const simulator = new CardSimulator(simulatorOptions);
  const app = buildSimulatorApp(simulator, { logger });
  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`;
  simulator.publicUrl = (publicUrl || url).replace(/\/+$/, '');
  if (logger) simulator.onDelivery = (delivery) => app.log.info({ delivery }, 'webhook delivery');
  return { url, control: new CardControlClient(url), simulator, app, close: () => app.close() };
}
