export { buildSimulatorApp } from './app';
export type { ControlAction } from './control';
export { CardControlClient } from './control-client';
export * from './model';
export { validateCardForm } from './pages';
export {
  type Answer,
  type CardDetails,
  CardSimulator,
  type CardSimulatorOptions,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_RETRY_BASE_MS,
  type SimulatorSettings,
} from './simulator';
export { type RunningCardSimulator, type StartCardSimulatorOptions, startCardSimulator } from './start';
