import { MessageOutlined } from '@ant-design/icons';
import type { ProjectListItem } from '@junkan/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, Popover, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProjectStatusTag } from '../../../components/project-status-tag';
import { useCompanyFilter } from '../../../lib/company-filter';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { homeProjectsQueryOptions } from '../api/project-list';

export function HomeProjectsTable({
  isDischarger,
  isTransport,
}: {
  isDischarger: boolean;
  isTransport: boolean;
}) {
  const { t } = useTranslation();
  const { companyId } = useCompanyFilter();
  const projects = useQuery(homeProjectsQueryOptions({ isTransport, companyId }));

  return (
    <Card title={t('home.projects')} size="small" data-testid="home-projects">
      <Table<ProjectListItem>
        rowKey="id"
        size="small"
        loading={projects.isLoading}
        dataSource={projects.data ?? []}
        pagination={false}
        scroll={{ y: 210, x: 720 }}
        columns={[
          {
            key: 'status',
            title: t('home.column.status'),
            width: 140,
            render: (_, p) => <ProjectStatusTag status={p.projectStatus} isDischarger={isDischarger} />,
          },
          {
            key: 'id',
            title: t('home.column.projectId'),
            width: 100,
            render: (_, p) => <Link to={paths.projectDetail.to(p.id)}>{p.id}</Link>,
          },
          {
            key: 'company',
            title: isDischarger ? t('home.column.transportCompany') : t('home.column.dischargeCompany'),
            render: (_, p) => (isDischarger ? (p.transportCompany?.name ?? '—') : p.company.name),
            ellipsis: true,
          },
          { key: 'title', title: t('home.column.title'), dataIndex: 'projectTitle', ellipsis: true },
          {
            key: 'createdDate',
            title: t('home.column.createdDate'),
            width: 120,
            render: (_, p) => formatDate(p.createdDate),
          },
          {
            key: 'memo',
            title: t('home.column.memo'),
            width: 70,
            align: 'center',
            render: (_, p) =>
              p.memo ? (
                <Popover
                  content={
                    <Typography.Paragraph style={{ maxWidth: 320, whiteSpace: 'pre-wrap', margin: 0 }}>
                      {p.memo}
                    </Typography.Paragraph>
                  }
                  title={t('home.column.memo')}
                  trigger="click"
                >
                  <MessageOutlined
                    aria-label={t('home.showMemo')}
                    style={{ cursor: 'pointer', color: '#1f7a4d' }}
                  />
                </Popover>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
