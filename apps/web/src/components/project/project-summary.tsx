import type { ProjectDetail } from '@junkan/shared/api/projects';
import { BAG_SIZES } from '@junkan/shared/enums';
import { REGULAR_QUANTITY_UNIT } from '@junkan/shared/quote-pricing';
import { Alert, Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatQuantity, punctuationOf } from '../../lib/format';
import { messageText } from '../../lib/i18n';
import { DataTable } from '../data-table';
import { ProjectStatusTag } from '../project-status-tag';

const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

/** The request's content, read-only: used by the confirm step and the project detail. */
export function ProjectSummary({ project, isDischarger }: { project: ProjectDetail; isDischarger: boolean }) {
  const { t, i18n } = useTranslation();
  const weekdays = (days: number[]) =>
    WEEK_ORDER.filter((d) => days.includes(d))
      .map((d) => t(`quoteRequest.weekday.${d}`))
      .join(punctuationOf(i18n.language).dot);
  return (
    <>
      <Card title={t('projects.basics')} size="small" style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
          <Descriptions.Item label={t('projects.status')}>
            <ProjectStatusTag
              status={project.projectStatus}
              isDischarger={isDischarger}
              data-testid="project-status"
            />
          </Descriptions.Item>
          <Descriptions.Item label={t('projects.type')}>{t(`projectType.${project.type}`)}</Descriptions.Item>
          <Descriptions.Item label={t('projects.projectTitle')} span={2}>
            {project.projectTitle}
          </Descriptions.Item>
          <Descriptions.Item label={t('projects.company')}>{project.company.name}</Descriptions.Item>
          <Descriptions.Item label={t('projects.transportCompany')}>
            {project.transportCompany?.name ?? t('projects.notDecided')}
          </Descriptions.Item>
          <Descriptions.Item label={t('projects.createdDate')}>
            {formatDate(project.createdDate)}
          </Descriptions.Item>
          <Descriptions.Item label={t('projects.requestedDate')}>
            {project.requestedDate ? formatDate(project.requestedDate) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('projects.office')} span={2}>
            {project.office
              ? t('common.withNote', {
                  main: project.office.name,
                  note: `${project.office.posCode} ${project.office.address}`,
                })
              : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('projects.memo')} span={2}>
            <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{project.memo || '—'}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('projects.sites')} size="small" style={{ marginBottom: 16 }}>
        {project.collectionAreaSupported === false && (
          <Alert
            type="error"
            showIcon
            title={messageText(t, 'collection_area_not_supported')}
            description={t('projects.noCollectionArea')}
            style={{ marginBottom: 12 }}
            data-testid="collection-area-not-supported"
          />
        )}
        <DataTable
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={project.discharges}
          scroll={{ x: 600 }}
          columns={[
            { key: 'name', title: t('projects.site.name'), dataIndex: 'discharges' },
            {
              key: 'address',
              title: t('projects.site.address'),
              render: (_, s) => `${s.posCode} ${s.address}`,
            },
            { key: 'pic', title: t('projects.site.pic'), dataIndex: 'pic' },
            { key: 'tel', title: t('projects.site.tel'), dataIndex: 'tel' },
          ]}
        />
      </Card>
      {project.pwasteRegulars.length > 0 && (
        <Card title={t('projects.regularLines')} size="small" style={{ marginBottom: 16 }}>
          <DataTable
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={project.pwasteRegulars}
            scroll={{ x: 600 }}
            columns={[
              { key: 'waste', title: t('projects.line.waste'), render: (_, l) => l.waste.name },
              {
                key: 'capacity',
                title: t('projects.line.monthlyCapacity'),
                align: 'right',
                render: (_, l) =>
                  l.monthlyCapacity
                    ? formatQuantity(l.monthlyCapacity, { basis: 'QUANTITY', unit: REGULAR_QUANTITY_UNIT }, t)
                    : '—',
              },
              {
                key: 'bags',
                title: t('projects.line.bags'),
                render: (_, l) =>
                  BAG_SIZES.filter((s) => l.bags[String(s)])
                    .map((s) => `${t('quoteRequest.bagSize', { size: s })}×${l.bags[String(s)]}`)
                    .join(' / ') || '—',
              },
              {
                key: 'collection',
                title: t('projects.line.collection'),
                render: (_, l) =>
                  t('common.withNote', {
                    main: t('quoteRequest.perWeek', { count: l.collectionCount ?? 0 }),
                    note: weekdays(l.weekdays),
                  }),
              },
            ]}
          />
        </Card>
      )}
      {project.pwasteIndustries.length > 0 && (
        <Card title={t('projects.industrialLines')} size="small" style={{ marginBottom: 16 }}>
          <DataTable
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={project.pwasteIndustries}
            scroll={{ x: 800 }}
            columns={[
              { key: 'waste', title: t('projects.line.waste'), render: (_, l) => l.waste.name },
              {
                key: 'quantity',
                title: t('projects.line.quantity'),
                align: 'right',
                render: (_, l) =>
                  formatQuantity(l.quantity, { basis: 'QUANTITY', unit: l.measureUnit?.unit ?? null }, t) ||
                  '—',
              },
              {
                key: 'packing',
                title: t('projects.line.packing'),
                render: (_, l) => l.packing?.style ?? '—',
              },
              {
                key: 'dimensions',
                title: t('projects.line.dimensions'),
                render: (_, l) => l.dimensions ?? '—',
              },
              {
                key: 'frequency',
                title: t('projects.line.frequency'),
                render: (_, l) =>
                  l.frequency
                    ? t(`projects.frequency.${l.frequency}`, { count: l.frequencyNumber ?? 0 })
                    : '—',
              },
              { key: 'transTime', title: t('projects.line.transTime'), render: (_, l) => l.transTime ?? '—' },
              {
                key: 'details',
                title: t('projects.line.details'),
                render: (_, l) => l.wasteDetails ?? '—',
                ellipsis: true,
              },
            ]}
          />
        </Card>
      )}
    </>
  );
}
