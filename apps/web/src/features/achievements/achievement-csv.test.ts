import type { AchievementDetail, AchievementSummaryRow } from '@junkan/shared/api/transport-reports';
import { describe, expect, it } from 'vitest';
import { detailCsvFile, listCsvFile, listCsvRows, statusText } from './achievement-csv';

// Keys stand for their texts, so the test sees which text each cell uses.
const t = (key: string) => `<${key}>`;

const summary = (over: Partial<AchievementSummaryRow> = {}): AchievementSummaryRow => ({
  year: 2026,
  month: 4,
  type: 1,
  wasteCode: 'I000001',
  wasteName: '汚泥',
  wasteCompanyId: 3,
  wasteCompanyName: '株式会社グリーン商事',
  transportVolume: 1234.5,
  transportVolumeUnitId: 1,
  transportVolumeUnit: 't',
  status: 'BLANK',
  ...over,
});

describe('statusText', () => {
  it.each([
    ['ACCEPTANCE_OR_DENIAL', true, '<reportStatus.AWAITING_APPROVAL_DISCHARGER>'],
    ['ACCEPTANCE_OR_DENIAL', false, '<reportStatus.AWAITING_APPROVAL>'],
    ['REQUEST_DELETE', false, '<reportStatus.AWAITING_APPROVAL>'],
    ['REJECTION', true, '<reportStatus.REJECTION>'],
    ['BLANK', true, ''],
    [null, false, ''],
  ] as const)('%s (discharger %s) -> %s', (status, isDischarger, text) => {
    expect(statusText(t, status, isDischarger)).toBe(text);
  });
});

describe('list CSV', () => {
  it('has a header and one row per line, as the table shows them', () => {
    const rows = listCsvRows(
      [
        summary({ status: 'REJECTION' }),
        summary({
          type: 2,
          month: 12,
          transportVolume: 20,
          transportVolumeUnitId: 3,
          transportVolumeUnit: 'kg',
          status: null,
        }),
        summary({ transportVolumeUnitId: null, transportVolumeUnit: null, transportVolume: 1234567 }),
      ],
      t,
      true,
    );
    expect(rows).toEqual([
      [
        '<achievements.column.month>',
        '<achievements.column.type>',
        '<achievements.column.wasteName>',
        '<achievements.column.company>',
        '<achievements.column.volume>',
        '<achievements.column.unit>',
        '<achievements.column.status>',
      ],
      [
        '2026/04',
        '<projectType.INDUSTRIAL>',
        '汚泥',
        '株式会社グリーン商事',
        '1234.50',
        't',
        '<reportStatus.REJECTION>',
      ],
      ['2026/12', '<projectType.REGULAR>', '汚泥', '株式会社グリーン商事', '20.00', 'kg', ''],
      ['2026/04', '<projectType.INDUSTRIAL>', '汚泥', '株式会社グリーン商事', '1234567', '', ''],
    ]);
  });

  it('gives each unit of a waste its own row, the volume beside its unit, and parses back', () => {
    // One waste in one month: 3 個, and 2.5 + 0.5 + 0.6 + 0.7 t, as the list answers them.
    const lines = [
      summary({ transportVolume: 2.5 + 0.5 + 0.6 + 0.7, transportVolumeUnitId: 1, transportVolumeUnit: 't' }),
      summary({ transportVolume: 3, transportVolumeUnitId: 4, transportVolumeUnit: '個' }),
    ];
    const csv = listCsvFile(lines, { year: 2026, month: 4 }, t, true).content;
    const parsed = csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.slice(1, -1).split('","'));
    expect(parsed.slice(1).map((r) => [r[2], r[4], r[5]])).toEqual([
      ['汚泥', '4.30', 't'],
      ['汚泥', '3.00', '個'],
    ]);
    expect(parsed[0]?.[5]).toBe('<achievements.column.unit>');
  });

  it('is named by prefix, list title and period, and starts with a BOM', () => {
    const monthly = listCsvFile([summary()], { year: 2026, month: 4 }, t, false);
    expect(monthly.fileName).toBe(
      '<achievements.csv.prefix>_<achievements.csv.listTitle>_2026-04.csv'.replace(/[<>]/g, '_'),
    );
    expect(monthly.content.startsWith('\uFEFF"<achievements.column.month>"')).toBe(true);
    expect(monthly.content.split('\r\n')).toHaveLength(3);
    expect(listCsvFile([], { year: 2026, month: null }, () => 'x', false).fileName).toBe('x_x_2026.csv');
  });
});

describe('detail CSV', () => {
  const base: AchievementDetail = {
    year: 2026,
    month: 4,
    wasteType: 1,
    wasteName: '汚泥',
    wasteCompanyName: '髙橋工業株式会社',
    total: 1,
    page: 1,
    size: 5000,
    items: [
      {
        id: 1,
        type: 1,
        wasteName: '汚泥',
        projectTitle: '本社 "定期"',
        manifestId: '12345678901',
        endDateTransport: '2026-04-30',
        transportVolume: 3,
        transportVolumeUnit: 't',
        transporter: '山田',
        status: 'ACCEPTANCE_OR_DENIAL',
        collectiondate: null,
        wasteCompanyName: '髙橋工業株式会社',
      },
    ],
  };

  it('has the industrial columns for industrial waste', () => {
    const file = detailCsvFile(base, t, false);
    expect(file.fileName).toBe('_achievements.csv.prefix__汚泥_髙橋工業株式会社_2026-04.csv');
    expect(file.content.split('\r\n')[1]).toBe(
      '"<projectType.INDUSTRIAL>","汚泥","本社 ""定期""","12345678901","2026/04/30","3.00","t","山田","<reportStatus.AWAITING_APPROVAL>"',
    );
  });

  it('has the regular columns (collection date, volume in kg) for regular waste', () => {
    const regular: AchievementDetail = {
      ...base,
      wasteType: 2,
      month: null,
      items: [
        {
          ...base.items[0]!,
          type: 2,
          manifestId: null,
          endDateTransport: null,
          transporter: null,
          status: null,
          transportVolumeUnit: 'kg',
          transportVolume: 1500.25,
          collectiondate: '2026-03-31',
        },
      ],
    };
    const lines = detailCsvFile(regular, t, true).content.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF"<achievements.column.type>","<achievements.column.wasteName>","<achievements.column.projectTitle>","<achievements.column.collectionDate>","<achievements.column.volume>","<achievements.column.unit>"',
    );
    expect(lines[1]).toBe('"<projectType.REGULAR>","汚泥","本社 ""定期""","2026/03/31","1500.25","kg"');
    expect(detailCsvFile(regular, t, true).fileName.endsWith('_2026.csv')).toBe(true);
  });
});

describe('text a company typed, in either CSV', () => {
  it('is written as text a spreadsheet shows, never as a formula it runs', () => {
    const list = listCsvFile(
      [summary({ wasteName: '=HYPERLINK("http://evil.example/")', wasteCompanyName: '@SUM(A1)' })],
      { year: 2026, month: 4 },
      t,
      true,
    ).content.split('\r\n')[1];
    expect(list).toBe(
      `"2026/04","<projectType.INDUSTRIAL>","'=HYPERLINK(""http://evil.example/"")","'@SUM(A1)","1234.50","t",""`,
    );
    const detail: AchievementDetail = {
      year: 2026,
      month: 4,
      wasteType: 1,
      wasteName: '汚泥',
      wasteCompanyName: '髙橋工業株式会社',
      total: 1,
      page: 1,
      size: 5000,
      items: [
        {
          id: 1,
          type: 1,
          wasteName: '+1+1',
          projectTitle: '-2+3',
          manifestId: '12345678901',
          endDateTransport: '2026-04-30',
          transportVolume: 3,
          transportVolumeUnit: 't',
          transporter: '\t=1+1',
          status: null,
          collectiondate: null,
          wasteCompanyName: '髙橋工業株式会社',
        },
      ],
    };
    expect(detailCsvFile(detail, t, false).content.split('\r\n')[1]).toBe(
      `"<projectType.INDUSTRIAL>","'+1+1","'-2+3","12345678901","2026/04/30","3.00","t","'\t=1+1",""`,
    );
  });
});
