import { describe, expect, it } from 'vitest';
import { JWNET_REFUSAL_MESSAGES, jwnetRefusalMessage } from './jwnet-refusals';
import { isMessageCode } from './messages';

describe('jwnetRefusalMessage', () => {
  const cases: [string | null | undefined, string | undefined, string][] = [
    ['E_STATE', 'REPORT_TRANSPORT_END', 'jwnet_refused_not_registered'],
    ['E_STATE', 'CORRECT_REPORT', 'jwnet_refused_state'],
    ['E_STATE', undefined, 'jwnet_refused_state'],
    ['E_RUNNING', 'REPORT_TRANSPORT_END', 'jwnet_refused_running'],
    ['E_DATE', 'REPORT_TRANSPORT_END', 'jwnet_refused_date'],
    ['E_INVALID', 'CORRECT_REPORT', 'jwnet_refused_invalid'],
    ['E_NOT_FOUND', 'CANCEL_REPORT', 'jwnet_refused_not_found'],
    ['E_OUTSIDE_HOURS', 'REPORT_TRANSPORT_END', 'jwnet_outside_hours'],
    ['E_SERVICE_STOPPED', 'REPORT_TRANSPORT_END', 'jwnet_service_stopped'],
    ['E_UNAVAILABLE', 'REPORT_TRANSPORT_END', 'jwnet_unavailable'],
    ['UNAVAILABLE', 'REPORT_TRANSPORT_END', 'jwnet_unavailable'],
    ['E_REFUSED', 'REPORT_TRANSPORT_END', 'jwnet_refused'],
    ['E_SOMETHING_NEW', 'REPORT_TRANSPORT_END', 'jwnet_refused'],
    // Never a prototype property taken for a code.
    ['constructor', undefined, 'jwnet_refused'],
    [null, 'REPORT_TRANSPORT_END', 'jwnet_refused'],
    [undefined, undefined, 'jwnet_refused'],
  ];
  it.each(cases)('%s (%s) -> %s', (code, kind, expected) => {
    expect(jwnetRefusalMessage(code, kind)).toBe(expected);
  });

  it('maps every code to a message code the screens have a text for', () => {
    for (const [code, message] of Object.entries(JWNET_REFUSAL_MESSAGES))
      expect(isMessageCode(message), code).toBe(true);
  });
});
