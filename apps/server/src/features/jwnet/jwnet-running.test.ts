import { describe, expect, it } from 'vitest';
import { manifestStateSeen } from './jwnet-running';

describe('manifestStateSeen', () => {
  const cases: [string, string | null, string[], unknown, string | null, string[]][] = [
    ['nothing of ours', 'REGISTERED', [], [], 'REGISTERED', []],
    ['the network running a function', 'TEMP_TRANSPORT', ['0403'], [], 'TEMP_TRANSPORT', ['0403']],
    // The bug: a read of the network after the report was queued said REGISTERED with nothing running.
    ['our queued transport end', 'REGISTERED', [], ['REPORT_TRANSPORT_END'], 'TEMP_TRANSPORT', ['0403']],
    [
      'our transport end already shown by the network',
      'TEMP_TRANSPORT',
      ['0403'],
      ['REPORT_TRANSPORT_END'],
      'TEMP_TRANSPORT',
      ['0403'],
    ],
    ['our queued correction', 'TRANSPORT_END', [], ['CORRECT_REPORT'], 'TEMP_TRANSPORT', ['0501']],
    [
      'a correction and its answer',
      'TRANSPORT_END',
      [],
      ['CORRECT_REPORT', 'ANSWER_CORRECTION'],
      'TEMP_TRANSPORT',
      ['0501', '0701'],
    ],
    ['our registration not reflected yet', 'RESERVED', ['1000'], ['REGISTER_MANIFEST'], 'RESERVED', ['1000']],
    [
      'our registration, the network read before our poll',
      'REGISTERED',
      [],
      ['REGISTER_MANIFEST'],
      'REGISTERED',
      ['1000'],
    ],
    ['kinds as JSON text', 'REGISTERED', [], '["REPORT_TRANSPORT_END"]', 'TEMP_TRANSPORT', ['0403']],
    ['a status past reporting stays', 'DISPOSAL_END', [], ['CORRECT_REPORT'], 'DISPOSAL_END', ['0501']],
    ['an unknown kind is ignored', 'REGISTERED', [], ['SOMETHING'], 'REGISTERED', []],
    ['no answer yet', null, [], null, null, []],
  ];
  it.each(cases)('%s', (_name, status, running, kinds, expectedStatus, expectedRunning) => {
    expect(manifestStateSeen({ status, runningFunctions: running }, kinds)).toEqual({
      status: expectedStatus,
      runningFunctions: expectedRunning,
    });
  });
});
