import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ACHIEVEMENT_DETAIL_SORT_KEYS, ACHIEVEMENT_EXPORT_BATCH } from '../achievement-list';
import { type ReportRuleState, reportDialogMode } from '../report-rules';
import {
  achievementDetailExportQuerySchema,
  achievementDetailQuerySchema,
  achievementListQuerySchema,
  collectTimeIssues,
  correctionDateIssues,
  industrialReportSchema,
  regularReportLines,
  regularReportSchema,
  reportCorrectionSchema,
  reportDateIssues,
  summaryReportStatus,
  type TransportReport,
  transportReportSchema,
} from './transport-reports';

/** The first message code of each path, as a form shows it beside the field. */
const issuesOf = (schema: z.ZodType, body: unknown) => {
  const r = schema.safeParse(body);
  const out: Record<string, string> = {};
  for (const i of r.success ? [] : r.error.issues) out[i.path.join('.')] ??= i.message;
  return out;
};

const industrial = (over: Record<string, unknown> = {}) => ({
  dischargerId: 1,
  projectId: 2,
  collectTime: '2026-11-18',
  wasteId: 10,
  transportEndDate: '2026-11-19',
  manifestId: '12345678901',
  vehicleNumber: '品川 100 あ 12-34',
  transportVolume: '1,234.50',
  transportVolumeUnit: 1,
  valuablesCollected: '0.00',
  valuablesCollectedUnit: 1,
  reporter: '山田',
  transporter: '東都環境サービス',
  disposalMethodId: 2,
  ...over,
});

describe('industrialReportSchema', () => {
  it('accepts a full report and normalises it', () => {
    expect(industrialReportSchema.parse(industrial())).toEqual(
      expect.objectContaining({ transportVolume: 1234.5, valuablesCollected: 0, manifestId: '12345678901' }),
    );
  });

  it('takes empty optional fields as null', () => {
    const parsed = industrialReportSchema.parse(
      industrial({
        manifestId: '',
        vehicleNumber: '',
        reporter: undefined,
        valuablesCollected: '',
        valuablesCollectedUnit: null,
        disposalMethodId: null,
      }),
    );
    expect(parsed).toEqual(
      expect.objectContaining({
        manifestId: null,
        vehicleNumber: null,
        reporter: null,
        valuablesCollected: null,
        valuablesCollectedUnit: null,
        disposalMethodId: null,
      }),
    );
  });

  const cases: [string, Record<string, unknown>, Record<string, string>][] = [
    [
      'every required field missing',
      {},
      {
        dischargerId: 'MSG_00_21',
        projectId: 'MSG_00_21',
        collectTime: 'MSG_00_21',
        wasteId: 'MSG_00_21',
        transportEndDate: 'MSG_00_21',
        transportVolume: 'MSG_00_21',
        transportVolumeUnit: 'MSG_00_21',
        transporter: 'MSG_00_21',
      },
    ],
    ['a blank transporter', industrial({ transporter: '   ' }), { transporter: 'MSG_00_21' }],
    ['an empty volume', industrial({ transportVolume: '' }), { transportVolume: 'MSG_00_21' }],
    ['a bad volume', industrial({ transportVolume: '1.234' }), { transportVolume: 'MSG_00_27' }],
    ['a too long volume', industrial({ transportVolume: '12345678' }), { transportVolume: 'MSG_00_27' }],
    [
      'a bad valuables volume',
      industrial({ valuablesCollected: '123456.7' }),
      { valuablesCollected: 'MSG_00_27' },
    ],
    [
      'valuables without a unit',
      industrial({ valuablesCollected: '3', valuablesCollectedUnit: null }),
      { valuablesCollectedUnit: 'MSG_00_21' },
    ],
    [
      'a vehicle number of 31',
      industrial({ vehicleNumber: 'x'.repeat(31) }),
      { vehicleNumber: 'max_length_exceeded' },
    ],
    ['a reporter of 25', industrial({ reporter: 'x'.repeat(25) }), { reporter: 'max_length_exceeded' }],
    [
      'a transporter of 25',
      industrial({ transporter: 'x'.repeat(25) }),
      { transporter: 'max_length_exceeded' },
    ],
    [
      'a manifest number of 10 digits',
      industrial({ manifestId: '1234567890' }),
      { manifestId: 'invalid_format' },
    ],
    [
      'a malformed date',
      industrial({ transportEndDate: '2026-02-30' }),
      { transportEndDate: 'invalid_format' },
    ],
    [
      'an end before the collection',
      industrial({ transportEndDate: '2026-11-17' }),
      { transportEndDate: 'end_date_before_collection' },
    ],
    ['an end on the collection day', industrial({ transportEndDate: '2026-11-18' }), {}],
  ];
  it.each(cases)('%s', (_name, body, expected) => {
    expect(issuesOf(industrialReportSchema, body)).toEqual(expected);
  });

  it('accepts the limits', () => {
    expect(
      issuesOf(
        industrialReportSchema,
        industrial({ vehicleNumber: 'x'.repeat(30), reporter: 'x'.repeat(24), transporter: 'x'.repeat(24) }),
      ),
    ).toEqual({});
  });
});

describe('reportDateIssues', () => {
  const cases: [string, string, string, string[]][] = [
    ['between collection and today', '2026-11-18', '2026-11-19', []],
    ['on the collection day', '2026-11-18', '2026-11-18', []],
    ['today', '2026-11-18', '2026-11-20', []],
    ['before the collection', '2026-11-18', '2026-11-17', ['end_date_before_collection']],
    ['tomorrow', '2026-11-18', '2026-11-21', ['end_date_in_future']],
    ['both wrong', '2026-11-25', '2026-11-21', ['end_date_before_collection', 'end_date_in_future']],
    ['a malformed end date (the schema reports it)', '2026-11-18', '2026-13-01', []],
    ['a malformed collection date', 'x', '2026-11-19', []],
  ];
  it.each(cases)('%s', (_name, collectTime, transportEndDate, codes) => {
    expect(reportDateIssues({ collectTime, transportEndDate }, '2026-11-20').map((i) => i.code)).toEqual(
      codes,
    );
  });

  it('names the corrected end date for a correction', () => {
    expect(
      correctionDateIssues({ collectTime: '2026-11-18', lastEndDateTransport: '2026-11-21' }, '2026-11-20'),
    ).toEqual([{ path: 'lastEndDateTransport', code: 'end_date_in_future' }]);
  });
});

describe('collectTimeIssues', () => {
  it.each([
    ['yesterday', '2026-11-19', []],
    ['today', '2026-11-20', []],
    ['tomorrow', '2026-11-21', ['collect_time_in_future']],
    ['a malformed date (the schema reports it)', '2026-13-01', []],
  ])('%s', (_name, collectTime, codes) => {
    const issues = collectTimeIssues(collectTime, '2026-11-20');
    expect(issues.map((i) => i.code)).toEqual(codes);
    for (const issue of issues) expect(issue.path).toBe('collectTime');
  });
});

const correction = (over: Record<string, unknown> = {}) => ({
  lastEndDateTransport: '2026-11-19',
  lastTransportVolume: '2.00',
  lastTransportVolumeUnit: 1,
  lastValuablesCollected: '',
  lastValuablesCollectedUnit: null,
  lastVehicleNumber: '',
  lastReporter: '山田',
  lastTransporter: '東都環境サービス',
  lastDisposalMethodId: 2,
  ...over,
});

describe('reportCorrectionSchema', () => {
  it('accepts a correction', () => {
    expect(reportCorrectionSchema.parse(correction())).toEqual(
      expect.objectContaining({
        lastTransportVolume: 2,
        lastValuablesCollected: null,
        lastVehicleNumber: null,
      }),
    );
  });

  const cases: [string, Record<string, unknown>, Record<string, string>][] = [
    ['no end date', correction({ lastEndDateTransport: '' }), { lastEndDateTransport: 'MSG_00_21' }],
    ['no volume', correction({ lastTransportVolume: '' }), { lastTransportVolume: 'MSG_00_27' }],
    [
      'a missing volume',
      correction({ lastTransportVolume: undefined }),
      { lastTransportVolume: 'MSG_00_27' },
    ],
    ['a 0 volume', correction({ lastTransportVolume: '0' }), { lastTransportVolume: 'MSG_00_27' }],
    ['a 0.00 volume', correction({ lastTransportVolume: '0.00' }), { lastTransportVolume: 'MSG_00_27' }],
    ['a number 0 volume', correction({ lastTransportVolume: 0 }), { lastTransportVolume: 'MSG_00_27' }],
    ['a bad volume', correction({ lastTransportVolume: '1.234' }), { lastTransportVolume: 'MSG_00_27' }],
    ['the smallest volume', correction({ lastTransportVolume: '0.01' }), {}],
    ['no transporter', correction({ lastTransporter: ' ' }), { lastTransporter: 'MSG_00_21' }],
    ['no unit', correction({ lastTransportVolumeUnit: null }), { lastTransportVolumeUnit: 'MSG_00_21' }],
    ['bad valuables', correction({ lastValuablesCollected: 'abc' }), { lastValuablesCollected: 'MSG_00_27' }],
    [
      'valuables without a unit',
      correction({ lastValuablesCollected: '1' }),
      { lastValuablesCollectedUnit: 'MSG_00_21' },
    ],
    ['valuables 0 without a unit', correction({ lastValuablesCollected: '0.00' }), {}],
  ];
  it.each(cases)('%s', (_name, body, expected) => {
    expect(issuesOf(reportCorrectionSchema, body)).toEqual(expected);
  });
});

describe('regularReportSchema', () => {
  const regular = (over: Record<string, unknown> = {}) => ({
    projectId: 3,
    year: 2026,
    month: 11,
    listVolume: [
      { category: 21, volume: '120.50' },
      { category: 22, volume: '0' },
    ],
    ...over,
  });

  it('accepts a month of weights', () => {
    expect(regularReportSchema.parse(regular()).listVolume).toEqual([
      { category: 21, volume: 120.5 },
      { category: 22, volume: 0 },
    ]);
  });

  const cases: [string, Record<string, unknown>, Record<string, string>][] = [
    ['no project', regular({ projectId: undefined }), { projectId: 'MSG_00_21' }],
    ['no month', regular({ month: undefined }), { month: 'MSG_00_21' }],
    ['month 13', regular({ month: 13 }), { month: 'invalid_format' }],
    ['no lines', regular({ listVolume: [] }), { listVolume: 'MSG_00_21' }],
    [
      'a bad weight',
      regular({ listVolume: [{ category: 21, volume: '1.234' }] }),
      { 'listVolume.0.volume': 'MSG_00_27' },
    ],
    [
      'a category twice',
      regular({
        listVolume: [
          { category: 21, volume: '1' },
          { category: 21, volume: '2' },
        ],
      }),
      { 'listVolume.1.category': 'same_waste_twice' },
    ],
  ];
  it.each(cases)('%s', (_name, body, expected) => {
    expect(issuesOf(regularReportSchema, body)).toEqual(expected);
  });

  it('sends only the categories that are not disabled', () => {
    expect(
      regularReportLines([
        { category: 21, volume: '10', disabled: false },
        { category: 22, volume: '5', disabled: true },
        { category: 23, volume: '0', disabled: false },
      ]),
    ).toEqual([
      { category: 21, volume: '10' },
      { category: 23, volume: '0' },
    ]);
  });
});

describe('transportReportSchema', () => {
  const sample: TransportReport = {
    id: 1,
    status: 'ACCEPTANCE_OR_DENIAL',
    projectId: 2,
    projectTitle: '倉庫 処理',
    wasteCompanyId: 5,
    wasteCompanyName: '株式会社グリーン商事',
    collectTime: '2026-11-18',
    wasteId: 10,
    wasteName: '廃プラスチック類',
    manifestId: '12345678901',
    endDateTransport: '2026-11-19',
    transportVolume: 1.5,
    transportVolumeUnit: 1,
    valuablesCollected: null,
    valuablesCollectedUnit: null,
    vehicleNumber: null,
    reporter: null,
    transporter: '東都環境サービス',
    disposalMethodId: null,
    lastEndDateTransport: '2026-11-19',
    lastTransportVolume: 2,
    lastTransportVolumeUnit: 1,
    lastValuablesCollected: null,
    lastValuablesCollectedUnit: null,
    lastVehicleNumber: null,
    lastReporter: null,
    lastTransporter: '東都環境サービス',
    lastDisposalMethodId: null,
    manifestStatus: 'TEMP_TRANSPORT',
    runningFunctions: ['0501'],
    isSyncedJWNet: true,
    isJWNetApiAvailable: true,
    isJWNetServiceStopDay: false,
    jwnetSyncedAt: '2026-11-19T03:00:00.000Z',
    units: [{ id: 1, code: '001', unit: 't', isCount: false }],
    deadline: '2026-11-24',
    deadlineState: 'OK',
    createdAt: '2026-11-19T02:50:00.000Z',
    keptUntil: '2031-11-19',
    checkedAt: '2026-11-19T03:00:00.000Z',
    jwnetRefusal: null,
    jwnetPending: false,
    valuablesWithoutTransshipment: false,
  };

  it('parses a report, and the rules read it as it is', () => {
    const parsed = transportReportSchema.parse(sample);
    const state: ReportRuleState = parsed;
    expect(reportDialogMode(state, 'WASTE')).toBe('APPROVAL');
  });

  it('refuses an unknown status', () => {
    expect(transportReportSchema.safeParse({ ...sample, status: 'DONE' }).success).toBe(false);
  });
});

describe('achievement queries', () => {
  it('reads the list query from text, with the first page of 50 lines in the default order', () => {
    const firstPage = { page: 1, size: 50, sort: 'month', order: 'asc' };
    expect(
      achievementListQuerySchema.parse({
        period: 'monthly',
        year: '2026',
        month: '11',
        type: '1',
        wasteName: '廃',
      }),
    ).toEqual({ period: 'monthly', year: 2026, month: 11, type: 1, wasteName: '廃', ...firstPage });
    expect(achievementListQuerySchema.parse({ period: 'annual', year: '2026', companyId: 'ALL' })).toEqual({
      period: 'annual',
      year: 2026,
      companyId: 'ALL',
      ...firstPage,
    });
    expect(
      achievementListQuerySchema.parse({
        period: 'annual',
        year: '2026',
        page: '3',
        size: '100',
        sort: 'volume',
        order: 'desc',
      }),
    ).toMatchObject({ page: 3, size: 100, sort: 'volume', order: 'desc' });
  });

  const bad: [string, Record<string, unknown>, Record<string, string>][] = [
    ['monthly without a month', { period: 'monthly', year: '2026' }, { month: 'MSG_00_21' }],
    ['type 3', { period: 'annual', year: '2026', type: '3' }, { type: 'invalid_format' }],
    ['no year', { period: 'annual' }, { year: 'MSG_00_21' }],
    ['a page of 101 lines', { period: 'annual', year: '2026', size: '101' }, { size: 'invalid_format' }],
    [
      'a long waste name',
      { period: 'annual', year: '2026', wasteName: 'x'.repeat(33) },
      { wasteName: 'max_length_exceeded' },
    ],
  ];
  it.each(bad)('list query: %s', (_name, query, expected) => {
    expect(issuesOf(achievementListQuerySchema, query)).toEqual(expected);
  });

  const firstDetailPage = { page: 1, size: 50, sort: 'date', order: 'asc' };

  it('reads the detail query of the route /achievements/detail', () => {
    expect(
      achievementDetailQuerySchema.parse({
        year: '2026',
        month: '11',
        wasteType: '1',
        wasteCode: '0600000',
        wasteCompanyId: '5',
      }),
    ).toEqual({
      year: 2026,
      month: 11,
      wasteType: 1,
      wasteCode: '0600000',
      wasteCompanyId: 5,
      ...firstDetailPage,
    });
    expect(
      achievementDetailQuerySchema.parse({
        year: '2026',
        wasteType: '1',
        wasteCode: '0600000',
        wasteCompanyId: '5',
        unitId: '4',
      }),
    ).toEqual({
      year: 2026,
      wasteType: 1,
      wasteCode: '0600000',
      wasteCompanyId: 5,
      unitId: 4,
      ...firstDetailPage,
    });
    for (const unitId of ['x', '0', '1.5', '-2'])
      expect(
        issuesOf(achievementDetailQuerySchema, {
          year: '2026',
          wasteType: '1',
          wasteCode: '0600000',
          wasteCompanyId: '5',
          unitId,
        }),
      ).toEqual({ unitId: 'invalid_format' });
    expect(
      issuesOf(achievementDetailQuerySchema, { year: '2026', wasteType: '1', wasteCompanyId: '5' }),
    ).toEqual({
      wasteCode: 'MSG_00_21',
    });
  });
});

describe('achievement detail paging', () => {
  const line = { year: '2026', wasteType: '1', wasteCode: '0600000', wasteCompanyId: '5' };

  it('takes the list convention: page, size up to 100, a sort key of the details and an order', () => {
    expect(
      achievementDetailQuerySchema.parse({ ...line, page: '3', size: '100', sort: 'volume', order: 'desc' }),
    ).toMatchObject({ page: 3, size: 100, sort: 'volume', order: 'desc' });
    for (const sort of ACHIEVEMENT_DETAIL_SORT_KEYS)
      expect(achievementDetailQuerySchema.parse({ ...line, sort }).sort).toBe(sort);
  });

  it.each([
    [{ page: '0' }, 'page'],
    [{ page: '1000001' }, 'page'],
    [{ page: '2.5' }, 'page'],
    [{ size: '101' }, 'size'],
    [{ size: '0' }, 'size'],
    [{ sort: 'month' }, 'sort'],
    [{ order: 'down' }, 'order'],
  ])('refuses %o', (over, field) => {
    expect(Object.keys(issuesOf(achievementDetailQuerySchema, { ...line, ...over }))).toEqual([field]);
  });

  it('exports in batches of up to ACHIEVEMENT_EXPORT_BATCH reports', () => {
    expect(achievementDetailExportQuerySchema.parse(line)).toMatchObject({
      page: 1,
      size: ACHIEVEMENT_EXPORT_BATCH,
      sort: 'date',
      order: 'asc',
    });
    expect(issuesOf(achievementDetailExportQuerySchema, { ...line, size: '5001' })).toEqual({
      size: 'invalid_format',
    });
  });
});

describe('summaryReportStatus', () => {
  const cases: [Parameters<typeof summaryReportStatus>[0], string][] = [
    [[], 'BLANK'],
    [['BLANK', 'BLANK'], 'BLANK'],
    [['BLANK', 'REJECTION'], 'REJECTION'],
    [['REJECTION', 'REQUEST_DELETE'], 'REQUEST_DELETE'],
    [['REQUEST_DELETE', 'ACCEPTANCE_OR_DENIAL', 'REJECTION'], 'ACCEPTANCE_OR_DENIAL'],
  ];
  it.each(cases)('%j -> %s', (statuses, expected) => expect(summaryReportStatus(statuses)).toBe(expected));
});
