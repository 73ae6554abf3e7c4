export { buildSimulatorApp } from './app';
export type { ControlAction } from './control';
export { JwnetControlClient } from './control-client';
export { isInServiceHours, japanDate } from './japan-time';
export * from './model';
export {
  DEFAULT_DELAY_MS,
  DEFAULT_HOLD_MS,
  type Fault,
  JwnetSimulator,
  type SimulatorOptions,
  type SimulatorSettings,
} from './simulator';
export { type RunningJwnetSimulator, type StartJwnetSimulatorOptions, startJwnetSimulator } from './start';
