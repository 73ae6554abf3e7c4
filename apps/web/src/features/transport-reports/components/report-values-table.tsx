import type { DisposalMethod } from '@junkan/shared/api/code-masters';
import type { TransportReport } from '@junkan/shared/api/transport-reports';
import type { ReportValueField } from '@junkan/shared/rules/report-values';
import { Tag, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { formatPlainDate } from '../../../lib/format';
import { volumeWithUnit } from '../transport-report-values';

interface ValueRow {
  key: string;
  label: string;
  original: ReactNode;
  /** The corrected side; absent for what a correction cannot change (project, collection date, ...). */
  field?: ReportValueField;
  corrected?: ReactNode;
}

export type CorrectionEditors = Partial<Record<ReportValueField, ReactNode>>;

/**
 * The report's values (section 2, transport report dialog): the originals, and in the wide modes a second
 * column with the corrected values, or the editors while the transporter corrects. Fields in `changed` are
 * marked with a background and a tag, so the change is not told by colour alone.
 */
export function ReportValuesTable({
  report,
  twoColumns,
  editors,
  changed,
  disposalMethods,
  manifestNote,
}: {
  report: TransportReport;
  twoColumns: boolean;
  /** The editing mode's inputs, which replace the corrected values. */
  editors?: CorrectionEditors;
  changed: ReadonlySet<ReportValueField>;
  disposalMethods: readonly DisposalMethod[];
  /** Shown under the manifest number: why the manifest's state blocks the buttons now. */
  manifestNote?: ReactNode;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const units = report.units;
  const methodName = (id: number | null) =>
    id == null ? '' : (disposalMethods.find((m) => m.id === id)?.method ?? '');
  const text = (v: string | null) => v ?? '';

  const rows: ValueRow[] = [
    { key: 'projectTitle', label: t('reportDialog.field.projectTitle'), original: report.projectTitle },
    {
      key: 'collectTime',
      label: t('reportDialog.field.collectTime'),
      original: formatPlainDate(report.collectTime),
    },
    { key: 'wasteName', label: t('reportDialog.field.wasteName'), original: report.wasteName },
    {
      key: 'manifestId',
      label: t('reportDialog.field.manifestId'),
      original: manifestNote ? (
        <>
          <div>{text(report.manifestId)}</div>
          {manifestNote}
        </>
      ) : (
        text(report.manifestId)
      ),
    },
    {
      key: 'endDateTransport',
      field: 'endDateTransport',
      label: t('reportDialog.field.endDateTransport'),
      original: formatPlainDate(report.endDateTransport),
      corrected: formatPlainDate(report.lastEndDateTransport),
    },
    {
      key: 'transportVolume',
      field: 'transportVolume',
      label: t('reportDialog.field.transportVolume'),
      original: volumeWithUnit(report.transportVolume, report.transportVolumeUnit, units),
      corrected: volumeWithUnit(report.lastTransportVolume, report.lastTransportVolumeUnit, units),
    },
    {
      key: 'valuablesCollected',
      field: 'valuablesCollected',
      label: t('reportDialog.field.valuablesCollected'),
      original: volumeWithUnit(report.valuablesCollected, report.valuablesCollectedUnit, units),
      corrected: volumeWithUnit(report.lastValuablesCollected, report.lastValuablesCollectedUnit, units),
    },
    {
      key: 'vehicleNumber',
      field: 'vehicleNumber',
      label: t('reportDialog.field.vehicleNumber'),
      original: text(report.vehicleNumber),
      corrected: text(report.lastVehicleNumber),
    },
    {
      key: 'reporter',
      field: 'reporter',
      label: t('reportDialog.field.reporter'),
      original: text(report.reporter),
      corrected: text(report.lastReporter),
    },
    {
      key: 'transporter',
      field: 'transporter',
      label: t('reportDialog.field.transporter'),
      original: report.transporter,
      corrected: text(report.lastTransporter),
    },
    {
      key: 'disposalMethodId',
      field: 'disposalMethodId',
      label: t('reportDialog.field.disposalMethod'),
      original: methodName(report.disposalMethodId),
      corrected: methodName(report.lastDisposalMethodId),
    },
  ];

  const correctedCell = (row: ValueRow): ReactNode => {
    if (!row.field) return null;
    if (editors) return editors[row.field] ?? null;
    if (!changed.has(row.field)) return row.corrected;
    return (
      <span data-testid={`changed-${row.field}`}>
        {row.corrected} <Tag color="gold">{t('reportDialog.changed')}</Tag>
      </span>
    );
  };

  return (
    <DataTable<ValueRow>
      editable
      rowKey="key"
      size="small"
      bordered
      pagination={false}
      showHeader={twoColumns}
      dataSource={rows}
      data-testid="report-values"
      columns={[
        {
          key: 'label',
          title: t('reportDialog.column.item'),
          dataIndex: 'label',
          width: twoColumns ? 170 : 200,
          onCell: () => ({ style: { background: token.colorFillAlter, fontWeight: 500 } }),
        },
        {
          key: 'original',
          title: t('reportDialog.column.original'),
          dataIndex: 'original',
          width: twoColumns ? 300 : undefined,
        },
        ...(twoColumns
          ? [
              {
                key: 'corrected',
                title: editors ? t('reportDialog.column.editing') : t('reportDialog.column.corrected'),
                render: (_: unknown, row: ValueRow) => correctedCell(row),
                onCell: (row: ValueRow) =>
                  row.field && !editors && changed.has(row.field)
                    ? { style: { background: token.colorWarningBg } }
                    : {},
              },
            ]
          : []),
      ]}
    />
  );
}
