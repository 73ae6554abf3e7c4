import type { MessageCode } from './messages';

/**
 * The manifest network's refusal codes (the simulator's `ERROR_CODES`; a real network client maps its own
 * onto these) and the product's message code for each. The screens show the message code's text, never the
 * network's own sentence.
 */
export const JWNET_REFUSAL_MESSAGES: Readonly<Record<string, MessageCode>> = {
  E_OUTSIDE_HOURS: 'jwnet_outside_hours',
  E_SERVICE_STOPPED: 'jwnet_service_stopped',
  E_UNAVAILABLE: 'jwnet_unavailable',
  E_NO_ROUTE: 'jwnet_unavailable',
  E_INVALID: 'jwnet_refused_invalid',
  E_DATE: 'jwnet_refused_date',
  E_NOT_FOUND: 'jwnet_refused_not_found',
  E_RUNNING: 'jwnet_refused_running',
  E_STATE: 'jwnet_refused_state',
  E_KEY_REUSED: 'jwnet_refused',
  E_REFUSED: 'jwnet_refused',
  // The product's own adapter kinds, stored when no network code came with the failure.
  UNAVAILABLE: 'jwnet_unavailable',
  TIMEOUT: 'jwnet_unavailable',
  OUTSIDE_HOURS: 'jwnet_outside_hours',
  SERVICE_STOPPED: 'jwnet_service_stopped',
  NOT_FOUND: 'jwnet_refused_not_found',
};

/**
 * The message code of a refusal. A state refusal of a transport-end report means the manifest was not
 * registered (yet) on the network; any code the product does not know is the generic `jwnet_refused`.
 */
export function jwnetRefusalMessage(code: string | null | undefined, kind?: string | null): MessageCode {
  if (code === 'E_STATE' && kind === 'REPORT_TRANSPORT_END') return 'jwnet_refused_not_registered';
  return code && Object.hasOwn(JWNET_REFUSAL_MESSAGES, code)
    ? (JWNET_REFUSAL_MESSAGES[code] ?? 'jwnet_refused')
    : 'jwnet_refused';
}
