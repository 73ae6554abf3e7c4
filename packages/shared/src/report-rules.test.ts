import { describe, expect, it } from 'vitest';
import { REPORT_STATUSES, type ReportStatus } from './enums';
import type { MessageCode } from './messages';
import {
  correctionOutcome,
  REPORT_ACTIONS,
  REPORT_DIALOG_MODES,
  REPORT_DIALOG_TITLE_KEYS,
  type ReportAction,
  type ReportActionResult,
  type ReportActionVariant,
  type ReportDialogMode,
  type ReportRole,
  type ReportRuleState,
  reportActionBlock,
  reportActionRefusal,
  reportActionResult,
  reportDialogActions,
  reportDialogMode,
  reportDialogTitleKey,
  reportDialogWidth,
  reportStatusLabelKey,
} from './report-rules';
import { type LastReportValues, startEditing } from './rules/report-values';
import { CORRECTION, NO_CORRECTION, ORIGINAL } from './rules/report-values.fixtures';

/** Instants written in UTC, so the Japan clock they stand for holds in any machine zone. JST = UTC+9. */
const jst = (date: string, time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const utc = new Date(`${date}T00:00:00Z`).getTime() + (h * 60 + m - 9 * 60) * 60_000;
  return new Date(utc);
};
const NOON = jst('2026-11-20', '12:00');

const report = (over: Partial<ReportRuleState> = {}): ReportRuleState => ({
  status: 'BLANK',
  manifestId: '12345678901',
  manifestStatus: 'TRANSPORT_END',
  runningFunctions: [],
  isSyncedJWNet: true,
  isJWNetApiAvailable: true,
  isJWNetServiceStopDay: false,
  ...ORIGINAL,
  ...NO_CORRECTION,
  ...over,
});

const ROLES: ReportRole[] = ['WASTE', 'TRANSPORT'];
const LAST_CASES = [
  ['no corrected values', NO_CORRECTION],
  ['corrected values', CORRECTION],
] as const;

describe('reportStatusLabelKey', () => {
  const cases: [ReportStatus, boolean, string | null][] = [
    ['ACCEPTANCE_OR_DENIAL', false, 'reportStatus.AWAITING_APPROVAL'],
    ['ACCEPTANCE_OR_DENIAL', true, 'reportStatus.AWAITING_APPROVAL_DISCHARGER'],
    ['REQUEST_DELETE', false, 'reportStatus.AWAITING_APPROVAL'],
    ['REQUEST_DELETE', true, 'reportStatus.AWAITING_APPROVAL_DISCHARGER'],
    ['REJECTION', false, 'reportStatus.REJECTION'],
    ['REJECTION', true, 'reportStatus.REJECTION'],
    ['BLANK', false, null],
    ['BLANK', true, null],
  ];
  it.each(cases)('%s (discharger %s) -> %s', (status, isDischarger, key) => {
    expect(reportStatusLabelKey(status, isDischarger)).toBe(key);
  });
});

describe('reportDialogMode (section 4)', () => {
  const EXPECTED: Record<ReportRole, Record<ReportStatus, [ReportDialogMode, ReportDialogMode]>> = {
    // [without corrected values, with corrected values]
    TRANSPORT: {
      ACCEPTANCE_OR_DENIAL: ['REVIEW', 'REVIEW'],
      REQUEST_DELETE: ['READ_ONLY', 'READ_ONLY'],
      REJECTION: ['READ_ONLY', 'REVIEW'],
      BLANK: ['EDITABLE', 'EDITABLE'],
    },
    WASTE: {
      ACCEPTANCE_OR_DENIAL: ['APPROVAL', 'APPROVAL'],
      REQUEST_DELETE: ['READ_ONLY', 'READ_ONLY'],
      REJECTION: ['READ_ONLY', 'REVIEW'],
      BLANK: ['READ_ONLY', 'READ_ONLY'],
    },
  };
  for (const role of ROLES)
    for (const status of REPORT_STATUSES)
      LAST_CASES.forEach(([label, last], i) => {
        const expected = EXPECTED[role][status][i];
        it(`${role} / ${status} / ${label} -> ${expected}`, () => {
          expect(reportDialogMode(report({ status, ...last }), role)).toBe(expected);
        });
      });

  it('counts any one corrected value as a correction', () => {
    expect(reportDialogMode(report({ status: 'REJECTION', lastReporter: '佐藤' }), 'TRANSPORT')).toBe(
      'REVIEW',
    );
    expect(reportDialogMode(report({ status: 'REJECTION', lastReporter: '  ' }), 'TRANSPORT')).toBe(
      'READ_ONLY',
    );
    expect(reportDialogMode(report({ status: 'REJECTION', lastTransportVolume: 0 }), 'WASTE')).toBe('REVIEW');
  });
});

describe('reportDialogWidth', () => {
  const cases: [ReportDialogMode, number][] = [
    ['READ_ONLY', 600],
    ['REVIEW', 900],
    ['EDITABLE', 600],
    ['EDITING', 900],
    ['APPROVAL', 900],
  ];
  it.each(cases)('%s -> %i', (mode, width) => expect(reportDialogWidth(mode)).toBe(width));
});

describe('reportDialogTitleKey', () => {
  const cases: [ReportDialogMode, ReportStatus, LastReportValues, string][] = [
    ['EDITABLE', 'BLANK', NO_CORRECTION, 'reportDialog.title.report'],
    ['READ_ONLY', 'BLANK', NO_CORRECTION, 'reportDialog.title.report'],
    ['EDITING', 'BLANK', CORRECTION, 'reportDialog.title.editing'],
    ['REVIEW', 'ACCEPTANCE_OR_DENIAL', CORRECTION, 'reportDialog.title.awaitingApproval'],
    ['APPROVAL', 'ACCEPTANCE_OR_DENIAL', CORRECTION, 'reportDialog.title.approval'],
    ['READ_ONLY', 'REQUEST_DELETE', NO_CORRECTION, 'reportDialog.title.deletionRequested'],
    ['READ_ONLY', 'REJECTION', NO_CORRECTION, 'reportDialog.title.cancelRejected'],
    ['REVIEW', 'REJECTION', CORRECTION, 'reportDialog.title.modificationRejected'],
  ];
  it.each(cases)('%s / %s -> %s', (mode, status, last, key) => {
    expect(reportDialogTitleKey(mode, report({ status, ...last }))).toBe(key);
  });

  it('only gives keys of the published list', () => {
    for (const mode of REPORT_DIALOG_MODES)
      for (const status of REPORT_STATUSES)
        for (const [, last] of LAST_CASES)
          expect(REPORT_DIALOG_TITLE_KEYS).toContain(reportDialogTitleKey(mode, report({ status, ...last })));
  });
});

describe('reportDialogActions: which buttons each role, status and mode offer', () => {
  type Offer = [ReportAction, ReportActionVariant?][];
  /** Everything that offers a button, written out; all other combinations offer none. */
  const OFFERS: [ReportRole, ReportStatus, ReportDialogMode, 'ANY' | 'NONE' | 'SOME', Offer][] = [
    ['TRANSPORT', 'BLANK', 'EDITABLE', 'ANY', [['CANCEL_REPORT'], ['FIX_REPORT']]],
    ['TRANSPORT', 'BLANK', 'EDITING', 'ANY', [['FIX']]],
    ['TRANSPORT', 'REJECTION', 'READ_ONLY', 'NONE', [['CONFIRM_REJECTION', 'CANCEL_REJECTION']]],
    ['TRANSPORT', 'REJECTION', 'REVIEW', 'NONE', [['CONFIRM_REJECTION', 'CANCEL_REJECTION']]],
    ['TRANSPORT', 'REJECTION', 'READ_ONLY', 'SOME', [['CONFIRM_REJECTION', 'MODIFICATION_REJECTION']]],
    ['TRANSPORT', 'REJECTION', 'REVIEW', 'SOME', [['CONFIRM_REJECTION', 'MODIFICATION_REJECTION']]],
    ['TRANSPORT', 'REQUEST_DELETE', 'READ_ONLY', 'ANY', [['APPROVE', 'DELETION']]],
    [
      'WASTE',
      'ACCEPTANCE_OR_DENIAL',
      'APPROVAL',
      'ANY',
      [
        ['REJECT', 'CORRECTION'],
        ['APPROVE', 'CORRECTION'],
      ],
    ],
    [
      'WASTE',
      'REQUEST_DELETE',
      'READ_ONLY',
      'ANY',
      [
        ['REJECT', 'DELETION'],
        ['APPROVE', 'DELETION'],
      ],
    ],
  ];
  for (const role of ROLES)
    for (const status of REPORT_STATUSES)
      for (const mode of REPORT_DIALOG_MODES)
        for (const [label, last] of LAST_CASES) {
          const lastKind = last === CORRECTION ? 'SOME' : 'NONE';
          const expected =
            OFFERS.find(
              ([r, s, m, l]) => r === role && s === status && m === mode && (l === 'ANY' || l === lastKind),
            )?.[4] ?? [];
          it(`${role} / ${status} / ${mode} / ${label} -> ${expected.map(([a]) => a).join(',') || 'nothing'}`, () => {
            const actions = reportDialogActions(report({ status, ...last }), role, mode, NOON);
            expect(actions.map((a) => [a.action, a.variant])).toEqual(
              expected.map(([a, v]) => [a, v] as const),
            );
          });
        }

  it('enables every button in the mode the dialog opens in, at noon with the network idle', () => {
    for (const role of ROLES)
      for (const status of REPORT_STATUSES)
        for (const [, last] of LAST_CASES) {
          const r = report({ status, ...last });
          for (const a of reportDialogActions(r, role, reportDialogMode(r, role), NOON)) {
            if (role === 'TRANSPORT' && a.action === 'APPROVE') continue;
            expect(a, `${role} ${status} ${a.action}`).toEqual(expect.objectContaining({ enabled: true }));
            expect(a.reason).toBeUndefined();
          }
        }
  });

  it('disables approve for the transporter on a deletion request', () => {
    expect(reportDialogActions(report({ status: 'REQUEST_DELETE' }), 'TRANSPORT', 'READ_ONLY', NOON)).toEqual(
      [{ action: 'APPROVE', enabled: false, reason: 'forbidden', variant: 'DELETION' }],
    );
  });

  it('disables the buttons with the blocking reason', () => {
    const r = report({ status: 'ACCEPTANCE_OR_DENIAL', ...CORRECTION });
    expect(reportDialogActions(r, 'WASTE', 'APPROVAL', jst('2026-11-20', '19:00'))).toEqual([
      { action: 'REJECT', enabled: false, reason: 'jwnet_outside_hours', variant: 'CORRECTION' },
      { action: 'APPROVE', enabled: false, reason: 'jwnet_outside_hours', variant: 'CORRECTION' },
    ]);
  });

  it('disables fix in editing until a synced report has a corrected volume', () => {
    const editing = startEditing(report());
    expect(reportDialogActions(editing, 'TRANSPORT', 'EDITING', NOON)).toEqual([
      { action: 'FIX', enabled: true },
    ]);
    expect(
      reportDialogActions({ ...editing, lastTransportVolume: '0.00' }, 'TRANSPORT', 'EDITING', NOON),
    ).toEqual([{ action: 'FIX', enabled: false, reason: 'MSG_00_27' }]);
  });
});

describe('reportActionBlock (disabling rules)', () => {
  const cases: [string, Partial<ReportRuleState>, Date, MessageCode | null][] = [
    ['all clear', {}, NOON, null],
    ['no manifest id', { manifestId: null }, NOON, 'manifest_id_missing'],
    ['blank manifest id', { manifestId: ' ' }, NOON, 'manifest_id_missing'],
    ['network unavailable', { isJWNetApiAvailable: false }, NOON, 'jwnet_unavailable'],
    ['service-stop day', { isJWNetServiceStopDay: true }, NOON, 'jwnet_service_stopped'],
    ['06:59 JST', {}, jst('2026-11-20', '06:59'), 'jwnet_outside_hours'],
    ['07:00 JST', {}, jst('2026-11-20', '07:00'), null],
    ['18:59 JST', {}, jst('2026-11-20', '18:59'), null],
    ['19:00 JST', {}, jst('2026-11-20', '19:00'), 'jwnet_outside_hours'],
    ['a running function', { runningFunctions: ['0501'] }, NOON, 'jwnet_function_running'],
    ['registration running', { runningFunctions: ['1000'] }, NOON, 'jwnet_registration_pending'],
    [
      'registration among other codes',
      { runningFunctions: ['0403', '1000'] },
      NOON,
      'jwnet_registration_pending',
    ],
    [
      'TEMP_TRANSPORT with another code',
      { manifestStatus: 'TEMP_TRANSPORT', runningFunctions: ['0501'] },
      NOON,
      null,
    ],
    [
      'TEMP_TRANSPORT with several other codes',
      { manifestStatus: 'TEMP_TRANSPORT', runningFunctions: ['0501', '0601'] },
      NOON,
      null,
    ],
    [
      'TEMP_TRANSPORT with 1000',
      { manifestStatus: 'TEMP_TRANSPORT', runningFunctions: ['1000'] },
      NOON,
      'jwnet_registration_pending',
    ],
    [
      'TEMP_TRANSPORT with 0403',
      { manifestStatus: 'TEMP_TRANSPORT', runningFunctions: ['0403'] },
      NOON,
      'jwnet_function_running',
    ],
    [
      'TEMP_TRANSPORT with 0403 among others',
      { manifestStatus: 'TEMP_TRANSPORT', runningFunctions: ['0501', '0403'] },
      NOON,
      'jwnet_function_running',
    ],
    ['TEMP_TRANSPORT, nothing running', { manifestStatus: 'TEMP_TRANSPORT' }, NOON, null],
    [
      'no manifest id wins over the others',
      { manifestId: null, isJWNetApiAvailable: false, runningFunctions: ['1000'] },
      jst('2026-11-20', '20:00'),
      'manifest_id_missing',
    ],
    [
      'unavailable wins over stop day and hours',
      { isJWNetApiAvailable: false, isJWNetServiceStopDay: true },
      jst('2026-11-20', '20:00'),
      'jwnet_unavailable',
    ],
    [
      'stop day wins over hours',
      { isJWNetServiceStopDay: true },
      jst('2026-11-20', '20:00'),
      'jwnet_service_stopped',
    ],
    [
      'hours win over running functions',
      { runningFunctions: ['1000'] },
      jst('2026-11-20', '20:00'),
      'jwnet_outside_hours',
    ],
  ];
  for (const action of REPORT_ACTIONS)
    it.each(cases)(`${action}: %s`, (_name, over, now, expected) => {
      // A valid corrected volume, so FIX is judged by the shared rules only.
      expect(reportActionBlock({ action, report: report({ ...CORRECTION, ...over }), now })).toBe(expected);
    });

  const volumes: [string, boolean, ReportRuleState['lastTransportVolume'] | undefined, MessageCode | null][] =
    [
      ['synced, empty', true, null, 'MSG_00_27'],
      ['synced, undefined', true, undefined, 'MSG_00_27'],
      ['synced, blank text', true, '', 'MSG_00_27'],
      ['synced, 0', true, 0, 'MSG_00_27'],
      ['synced, 0.00', true, '0.00', 'MSG_00_27'],
      ['synced, 0.01', true, '0.01', null],
      ['synced, 1,234.50', true, '1,234.50', null],
      ['not synced, 0.00', false, '0.00', null],
      ['not synced, empty', false, null, null],
    ];
  it.each(volumes)('FIX with corrected volume: %s', (_name, isSyncedJWNet, lastTransportVolume, expected) => {
    const r = report({ ...CORRECTION, isSyncedJWNet, lastTransportVolume });
    expect(reportActionBlock({ action: 'FIX', report: r, now: NOON })).toBe(expected);
  });

  it('judges the corrected volume for FIX only', () => {
    const r = report({ ...CORRECTION, lastTransportVolume: '0.00' });
    for (const action of REPORT_ACTIONS.filter((a) => a !== 'FIX'))
      expect(reportActionBlock({ action, report: r, now: NOON })).toBeNull();
  });
});

describe('reportActionRefusal (the server check)', () => {
  const cases: [string, ReportRole, ReportAction, Partial<ReportRuleState>, Date, MessageCode | null][] = [
    ['transporter fixes a report', 'TRANSPORT', 'FIX', CORRECTION, NOON, null],
    [
      'transporter fixes with a 0 volume',
      'TRANSPORT',
      'FIX',
      { ...CORRECTION, lastTransportVolume: 0 },
      NOON,
      'MSG_00_27',
    ],
    [
      'transporter fixes after 19:00',
      'TRANSPORT',
      'FIX',
      CORRECTION,
      jst('2026-11-20', '19:00'),
      'jwnet_outside_hours',
    ],
    ['transporter cancels a report', 'TRANSPORT', 'CANCEL_REPORT', {}, NOON, null],
    [
      'transporter fixes one awaiting approval',
      'TRANSPORT',
      'FIX',
      { status: 'ACCEPTANCE_OR_DENIAL', ...CORRECTION },
      NOON,
      'invalid_status_transition',
    ],
    [
      'transporter approves',
      'TRANSPORT',
      'APPROVE',
      { status: 'ACCEPTANCE_OR_DENIAL', ...CORRECTION },
      NOON,
      'invalid_status_transition',
    ],
    [
      'transporter approves own deletion request',
      'TRANSPORT',
      'APPROVE',
      { status: 'REQUEST_DELETE' },
      NOON,
      'forbidden',
    ],
    [
      'transporter confirms a rejection',
      'TRANSPORT',
      'CONFIRM_REJECTION',
      { status: 'REJECTION' },
      NOON,
      null,
    ],
    [
      'discharger approves a correction',
      'WASTE',
      'APPROVE',
      { status: 'ACCEPTANCE_OR_DENIAL', ...CORRECTION },
      NOON,
      null,
    ],
    ['discharger rejects a deletion request', 'WASTE', 'REJECT', { status: 'REQUEST_DELETE' }, NOON, null],
    ['discharger approves a plain report', 'WASTE', 'APPROVE', {}, NOON, 'invalid_status_transition'],
    ['discharger fixes', 'WASTE', 'FIX', CORRECTION, NOON, 'invalid_status_transition'],
    [
      'discharger confirms a rejection',
      'WASTE',
      'CONFIRM_REJECTION',
      { status: 'REJECTION' },
      NOON,
      'invalid_status_transition',
    ],
    [
      'transporter sends a refused report again',
      'TRANSPORT',
      'RESEND',
      { isSyncedJWNet: false, jwnetRefusal: 'jwnet_refused_not_registered' },
      NOON,
      null,
    ],
    [
      'transporter sends again after 19:00',
      'TRANSPORT',
      'RESEND',
      { isSyncedJWNet: false, jwnetRefusal: 'jwnet_refused' },
      jst('2026-11-20', '19:00'),
      'jwnet_outside_hours',
    ],
    [
      'transporter sends again while the network is down',
      'TRANSPORT',
      'RESEND',
      { isSyncedJWNet: false, jwnetRefusal: 'jwnet_refused', isJWNetApiAvailable: false },
      NOON,
      'jwnet_unavailable',
    ],
    [
      'transporter sends a report nobody refused',
      'TRANSPORT',
      'RESEND',
      { isSyncedJWNet: false, jwnetRefusal: null },
      NOON,
      'invalid_status_transition',
    ],
    [
      'transporter sends again what is already on its way',
      'TRANSPORT',
      'RESEND',
      { isSyncedJWNet: false, jwnetRefusal: 'jwnet_refused', jwnetPending: true },
      NOON,
      'invalid_status_transition',
    ],
    [
      'transporter sends again a synced report whose correction was refused',
      'TRANSPORT',
      'RESEND',
      { isSyncedJWNet: true, jwnetRefusal: 'jwnet_refused_state' },
      NOON,
      'invalid_status_transition',
    ],
    [
      'transporter sends again a report without a manifest',
      'TRANSPORT',
      'RESEND',
      { isSyncedJWNet: false, jwnetRefusal: 'jwnet_refused', manifestId: null },
      NOON,
      'invalid_status_transition',
    ],
    [
      'discharger sends a refused report again',
      'WASTE',
      'RESEND',
      { isSyncedJWNet: false, jwnetRefusal: 'jwnet_refused' },
      NOON,
      'invalid_status_transition',
    ],
    [
      'discharger approves while running',
      'WASTE',
      'APPROVE',
      { status: 'REQUEST_DELETE', runningFunctions: ['0601'] },
      NOON,
      'jwnet_function_running',
    ],
  ];
  it.each(cases)('%s', (_name, role, action, over, now, expected) => {
    expect(reportActionRefusal(report(over), role, action, now)).toBe(expected);
  });
});

describe('reportActionResult and correctionOutcome', () => {
  const cases: [ReportAction, ReportStatus, boolean, ReportActionResult | null][] = [
    ['FIX', 'BLANK', true, { status: 'ACCEPTANCE_OR_DENIAL', lastValues: 'SET' }],
    ['FIX', 'BLANK', false, { status: 'BLANK', lastValues: 'APPLY' }],
    ['CANCEL_REPORT', 'BLANK', true, { status: 'REQUEST_DELETE', lastValues: 'CLEAR' }],
    ['CANCEL_REPORT', 'BLANK', false, { status: 'DELETED', lastValues: 'CLEAR' }],
    ['APPROVE', 'ACCEPTANCE_OR_DENIAL', true, { status: 'BLANK', lastValues: 'APPLY' }],
    ['APPROVE', 'REQUEST_DELETE', true, { status: 'DELETED', lastValues: 'CLEAR' }],
    ['REJECT', 'ACCEPTANCE_OR_DENIAL', true, { status: 'REJECTION', lastValues: 'KEEP' }],
    ['REJECT', 'REQUEST_DELETE', true, { status: 'REJECTION', lastValues: 'KEEP' }],
    ['CONFIRM_REJECTION', 'REJECTION', true, { status: 'BLANK', lastValues: 'CLEAR' }],
    ['RESEND', 'BLANK', false, { status: 'BLANK', lastValues: 'KEEP' }],
    ['FIX_REPORT', 'BLANK', true, null],
  ];
  it.each(cases)('%s on %s (synced %s)', (action, status, isSyncedJWNet, expected) => {
    expect(reportActionResult(action, { status, isSyncedJWNet })).toEqual(expected);
  });

  it('updates a non-synced report at once and sends a synced one for approval', () => {
    expect(correctionOutcome(false)).toBe('UPDATED');
    expect(correctionOutcome(true)).toBe('AWAITING_APPROVAL');
  });

  it('leaves a rejected correction as a review and a rejected deletion as read-only', () => {
    const rejectedCorrection = report({ status: 'REJECTION', ...CORRECTION });
    const rejectedDeletion = report({ status: 'REJECTION', ...NO_CORRECTION });
    expect(reportDialogMode(rejectedCorrection, 'TRANSPORT')).toBe('REVIEW');
    expect(reportDialogMode(rejectedDeletion, 'TRANSPORT')).toBe('READ_ONLY');
  });
});
