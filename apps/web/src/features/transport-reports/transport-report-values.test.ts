import type { TransportReport } from '@junkan/shared/api/transport-reports';
import { REPORT_ACTIONS, type ReportDialogAction, reportDialogActions } from '@junkan/shared/report-rules';
import { describe, expect, it } from 'vitest';
import {
  actionDoneKey,
  buildCorrection,
  confirmTexts,
  correctionFormValues,
  japanDateOf,
  manifestStateWarning,
  networkWarnings,
  reportActionCall,
  reportActionLook,
  serverNow,
  transportReportPath,
  volumeWithUnit,
  withTypedVolume,
} from './transport-report-values';

const units = [
  { id: 1, code: '01', unit: 't', isCount: false },
  { id: 3, code: '03', unit: '台', isCount: true },
];

const report = (over: Partial<TransportReport> = {}): TransportReport => ({
  id: 40,
  status: 'BLANK',
  projectId: 7,
  projectTitle: '工場廃油の回収',
  wasteCompanyId: 3,
  wasteCompanyName: '港南製作所',
  collectTime: '2026-11-18',
  wasteId: 11,
  wasteName: '廃油',
  manifestId: '12345678901',
  endDateTransport: '2026-11-19',
  transportVolume: 1234.5,
  transportVolumeUnit: 1,
  valuablesCollected: null,
  valuablesCollectedUnit: null,
  vehicleNumber: '品川 100 あ 12-34',
  reporter: null,
  transporter: '山田 太郎',
  disposalMethodId: 5,
  lastEndDateTransport: null,
  lastTransportVolume: null,
  lastTransportVolumeUnit: null,
  lastValuablesCollected: null,
  lastValuablesCollectedUnit: null,
  lastVehicleNumber: null,
  lastReporter: null,
  lastTransporter: null,
  lastDisposalMethodId: null,
  manifestStatus: 'TRANSPORT_END',
  runningFunctions: [],
  isSyncedJWNet: true,
  isJWNetApiAvailable: true,
  isJWNetServiceStopDay: false,
  jwnetSyncedAt: '2026-11-19T03:00:00.000Z',
  units,
  deadline: '2026-11-24',
  deadlineState: 'OK',
  createdAt: '2026-11-19T02:00:00.000Z',
  keptUntil: '2031-11-19',
  checkedAt: '2026-11-20T01:00:00.000Z',
  jwnetRefusal: null,
  jwnetPending: false,
  valuablesWithoutTransshipment: false,
  ...over,
});

describe('serverNow', () => {
  it("is the server's clock plus the time since the answer arrived", () => {
    const received = Date.parse('2030-01-01T00:00:00Z'); // this machine's clock may be far off
    expect(serverNow('2026-11-20T09:58:00.000Z', received, received + 90_000).toISOString()).toBe(
      '2026-11-20T09:59:30.000Z',
    );
  });

  it('never goes back before checkedAt, and falls back to this clock without one', () => {
    expect(serverNow('2026-11-20T09:58:00.000Z', 5_000, 1_000).toISOString()).toBe(
      '2026-11-20T09:58:00.000Z',
    );
    expect(serverNow('not a date', 0, 1_000).getTime()).toBe(1_000);
  });

  it('closes the network window on the server clock: 18:59 JST plus two minutes is 19:01', () => {
    const received = Date.now();
    const r = report({ checkedAt: '2026-11-20T09:59:00.000Z' }); // 18:59 JST
    const at = (ms: number) => serverNow(r.checkedAt, received, received + ms);
    const enabled = (now: Date) =>
      reportDialogActions(r, 'TRANSPORT', 'EDITABLE', now).map((a) => [a.action, a.enabled, a.reason]);
    expect(enabled(at(0))).toEqual([
      ['CANCEL_REPORT', true, undefined],
      ['FIX_REPORT', true, undefined],
    ]);
    expect(enabled(at(120_000))).toEqual([
      ['CANCEL_REPORT', false, 'jwnet_outside_hours'],
      ['FIX_REPORT', false, 'jwnet_outside_hours'],
    ]);
  });
});

describe('japanDateOf', () => {
  it.each([
    ['2026-11-19T14:59:59.000Z', '2026-11-19'],
    ['2026-11-19T15:00:00.000Z', '2026-11-20'],
  ])('%s -> %s', (instant, date) => {
    expect(japanDateOf(new Date(instant))).toBe(date);
  });
});

describe('correctionFormValues', () => {
  it('starts editing from the current values, volumes formatted as typed', () => {
    expect(correctionFormValues(report({ valuablesCollected: 2, valuablesCollectedUnit: 1 }))).toEqual({
      lastEndDateTransport: '2026-11-19',
      lastTransportVolume: '1,234.50',
      lastTransportVolumeUnit: 1,
      lastValuablesCollected: '2.00',
      lastValuablesCollectedUnit: 1,
      lastVehicleNumber: '品川 100 あ 12-34',
      lastReporter: '',
      lastTransporter: '山田 太郎',
      lastDisposalMethodId: 5,
    });
  });

  it('starts from the current values even when older last-values are stored', () => {
    const values = correctionFormValues(report({ lastTransportVolume: 9, lastTransporter: '前回' }));
    expect([values.lastTransportVolume, values.lastTransporter]).toEqual(['1,234.50', '山田 太郎']);
  });
});

describe('buildCorrection', () => {
  const today = '2026-11-20';

  it('round-trips the starting values into the PUT body', () => {
    const built = buildCorrection(correctionFormValues(report()), report(), today);
    expect(built).toEqual({
      ok: true,
      input: {
        lastEndDateTransport: '2026-11-19',
        lastTransportVolume: 1234.5,
        lastTransportVolumeUnit: 1,
        lastValuablesCollected: null,
        lastValuablesCollectedUnit: null,
        lastVehicleNumber: '品川 100 あ 12-34',
        lastReporter: null,
        lastTransporter: '山田 太郎',
        lastDisposalMethodId: 5,
      },
    });
  });

  it('zeroes valuables in a count unit', () => {
    const values = {
      ...correctionFormValues(report()),
      lastTransportVolumeUnit: 3,
      lastValuablesCollected: '5.00',
      lastValuablesCollectedUnit: 1,
    };
    const built = buildCorrection(values, report(), today);
    expect(built.ok && [built.input.lastValuablesCollected, built.input.lastValuablesCollectedUnit]).toEqual([
      0,
      null,
    ]);
  });

  it.each([
    ['a 0 volume', { lastTransportVolume: '0.00' }, 'lastTransportVolume', 'MSG_00_27'],
    ['an empty volume', { lastTransportVolume: '' }, 'lastTransportVolume', 'MSG_00_27'],
    ['no transporter', { lastTransporter: ' ' }, 'lastTransporter', 'MSG_00_21'],
    ['no end date', { lastEndDateTransport: null }, 'lastEndDateTransport', 'MSG_00_21'],
    [
      'an end date before the stored collection date',
      { lastEndDateTransport: '2026-11-17' },
      'lastEndDateTransport',
      'end_date_before_collection',
    ],
    [
      "an end date after the server's today",
      { lastEndDateTransport: '2026-11-21' },
      'lastEndDateTransport',
      'end_date_in_future',
    ],
    [
      'valuables without a unit',
      { lastValuablesCollected: '1.00', lastValuablesCollectedUnit: null },
      'lastValuablesCollectedUnit',
      'MSG_00_21',
    ],
  ] as const)('refuses %s', (_name, over, field, code) => {
    const built = buildCorrection({ ...correctionFormValues(report()), ...over }, report(), today);
    expect(built.ok ? [] : built.issues).toEqual([{ name: field, code }]);
  });
});

describe('withTypedVolume', () => {
  const fixOf = (r: TransportReport) =>
    reportDialogActions(r, 'TRANSPORT', 'EDITING', new Date('2026-11-20T01:00:00Z'))[0];

  it('disables saving a synced report while the typed volume is empty or 0', () => {
    expect(fixOf(withTypedVolume(report(), '0.00'))).toMatchObject({ enabled: false, reason: 'MSG_00_27' });
    expect(fixOf(withTypedVolume(report(), ''))).toMatchObject({ enabled: false, reason: 'MSG_00_27' });
    expect(fixOf(withTypedVolume(report(), '1,200.00'))).toMatchObject({ enabled: true });
  });

  it('lets a non-synced report reach the form check instead', () => {
    expect(fixOf(withTypedVolume(report({ isSyncedJWNet: false }), ''))).toMatchObject({ enabled: true });
  });
});

describe('calls', () => {
  it('puts each action on its path', () => {
    expect(reportActionCall('FIX', 4)).toEqual({ method: 'PUT', path: '/trans/transport-reports/4' });
    expect(reportActionCall('CANCEL_REPORT', 4)).toEqual({
      method: 'POST',
      path: '/trans/transport-reports/4/cancel',
    });
    expect(reportActionCall('CONFIRM_REJECTION', 4)).toEqual({
      method: 'POST',
      path: '/trans/transport-reports/4/confirm-rejection',
    });
    expect(reportActionCall('APPROVE', 4)).toEqual({ method: 'POST', path: '/transport-reports/4/approve' });
    expect(reportActionCall('REJECT', 4)).toEqual({ method: 'POST', path: '/transport-reports/4/reject' });
  });

  it('reads a report on the side of the role', () => {
    expect(transportReportPath(true, 9)).toBe('/trans/transport-reports/9');
    expect(transportReportPath(false, 9)).toBe('/transport-reports/9');
  });
});

describe('confirmTexts', () => {
  it.each([
    ['FIX', undefined, true, 'reportDialog.confirm.fix.synced', false],
    ['FIX', undefined, false, 'reportDialog.confirm.fix.notSynced', false],
    ['CANCEL_REPORT', undefined, true, 'reportDialog.confirm.cancel.synced', true],
    ['CANCEL_REPORT', undefined, false, 'reportDialog.confirm.cancel.notSynced', true],
    ['APPROVE', 'CORRECTION', true, 'reportDialog.confirm.approve.correction', false],
    ['APPROVE', 'DELETION', true, 'reportDialog.confirm.approve.deletion', true],
    ['REJECT', 'CORRECTION', true, 'reportDialog.confirm.reject.correction', true],
    ['REJECT', 'DELETION', true, 'reportDialog.confirm.reject.deletion', true],
    ['CONFIRM_REJECTION', 'CANCEL_REJECTION', true, 'reportDialog.confirm.confirmRejection.cancel', false],
    [
      'CONFIRM_REJECTION',
      'MODIFICATION_REJECTION',
      true,
      'reportDialog.confirm.confirmRejection.modification',
      false,
    ],
  ] as const)('%s %s synced=%s asks %s', (action, variant, synced, content, danger) => {
    const texts = confirmTexts(action, variant, synced);
    expect(texts.content).toBe(content);
    expect(texts.danger).toBe(danger);
    expect(texts.ok).toBe(`reportDialog.action.${action}`);
  });

  it('toasts the action, or the deletion', () => {
    expect(actionDoneKey('APPROVE', false)).toBe('reportDialog.done.APPROVE');
    expect(actionDoneKey('APPROVE', true)).toBe('reportDialog.done.deleted');
  });
});

describe('networkWarnings', () => {
  const disabled = (reason: ReportDialogAction['reason']): ReportDialogAction => ({
    action: 'APPROVE',
    enabled: false,
    reason,
  });

  it("lists the disabled buttons' network reasons once, not the volume or permission ones", () => {
    expect(
      networkWarnings([
        disabled('jwnet_function_running'),
        disabled('jwnet_outside_hours'),
        disabled('jwnet_outside_hours'),
        disabled('MSG_00_27'),
        disabled('forbidden'),
        { action: 'REJECT', enabled: true },
      ]),
    ).toEqual(['jwnet_outside_hours']);
  });

  it.each([
    [
      'a queued transport end',
      { runningFunctions: ['0403'], manifestStatus: 'TEMP_TRANSPORT' },
      'jwnet_function_running',
    ],
    [
      'the registration not reflected',
      { runningFunctions: ['1000'], manifestStatus: 'RESERVED' },
      'jwnet_registration_pending',
    ],
    ['nothing running', { runningFunctions: [], manifestStatus: 'REGISTERED' }, null],
  ] as const)('names the manifest state under its number: %s', (_name, over, expected) => {
    const r = report({ ...over, runningFunctions: [...over.runningFunctions] });
    const actions = reportDialogActions(r, 'TRANSPORT', 'EDITABLE', new Date('2026-11-20T01:00:00Z'));
    expect(manifestStateWarning(actions)).toBe(expected);
    // Not repeated among the network warnings, nor the approval text (MSG_21_9).
    expect(networkWarnings(actions)).toEqual([]);
  });

  it('offers sending again for a refused report, with its own confirmation and call', () => {
    const r = report({ isSyncedJWNet: false, jwnetRefusal: 'jwnet_refused_not_registered' });
    const actions = reportDialogActions(r, 'TRANSPORT', 'EDITABLE', new Date('2026-11-20T01:00:00Z'));
    expect(actions.map((a) => [a.action, a.enabled])).toEqual([
      ['CANCEL_REPORT', true],
      ['FIX_REPORT', true],
      ['RESEND', true],
    ]);
    expect(reportActionCall('RESEND', 7)).toEqual({
      method: 'POST',
      path: '/trans/transport-reports/7/resend',
    });
    expect(confirmTexts('RESEND', undefined, false)).toMatchObject({
      title: 'reportDialog.confirm.resend.title',
      ok: 'reportDialog.action.RESEND',
    });
  });
});

describe('volumeWithUnit', () => {
  it('formats the volume and names its unit', () => {
    expect(volumeWithUnit(1234.5, 1, units)).toBe('1,234.50 t');
    expect(volumeWithUnit(3, 3, units)).toBe('3.00 台');
    expect(volumeWithUnit(3, 99, units)).toBe('3.00');
    expect(volumeWithUnit(null, 1, units)).toBe('');
  });
});

it('covers every action with a call but FIX_REPORT', () => {
  for (const action of REPORT_ACTIONS)
    if (action !== 'FIX_REPORT') expect(reportActionCall(action, 1).path).toContain('/1');
});

describe('reportActionLook', () => {
  const LOOKS = [
    ['FIX_REPORT', false, false],
    ['FIX', true, false],
    ['CANCEL_REPORT', false, true],
    ['CONFIRM_REJECTION', true, false],
    ['APPROVE', true, false],
    ['REJECT', false, true],
    ['RESEND', true, false],
  ] as const;

  it.each(LOOKS)('%s: primary %s, danger %s', (action, primary, danger) => {
    expect(reportActionLook(action)).toEqual({ primary, danger });
  });

  it('is decided for every action of the rules', () => {
    expect(LOOKS.map(([action]) => action).sort()).toEqual([...REPORT_ACTIONS].sort());
  });
});
