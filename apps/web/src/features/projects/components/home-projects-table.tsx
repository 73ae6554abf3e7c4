import { MessageOutlined } from '@ant-design/icons';
import type { ProjectListItem } from '@junkan/shared/api/home';
import { paths } from '@junkan/shared/paths';
import { HOME_PROJECT_ROWS, PROJECT_LIST_TABS } from '@junkan/shared/project-list';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Popover, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { ProjectStatusTag } from '../../../components/project-status-tag';
import { useCompanyFilter } from '../../../lib/company-filter';
import { formatDate } from '../../../lib/format';
import { homeProjectsQueryOptions } from '../../../lib/project-data/project-list';
import { DEFAULT_PROJECT_FILTERS, projectFiltersToParams } from '../project-list-values';
import { CoverageTag } from './coverage-tag';

/** The list page on one tab. */
const tabLink = (tab: (typeof PROJECT_LIST_TABS)[number]) =>
  `${paths.projectManagement.to()}?${projectFiltersToParams({ ...DEFAULT_PROJECT_FILTERS, tab })}`;

/**
 * The home table: the newest projects and the count of each tab (GET /projects/home), linking to the list page
 * for the rest; the home asks for nothing it does not show.
 */
export function HomeProjectsTable({
  isDischarger,
  isTransport,
}: {
  isDischarger: boolean;
  isTransport: boolean;
}) {
  const { t } = useTranslation();
  const { companyId } = useCompanyFilter();
  const home = useQuery(homeProjectsQueryOptions({ isTransport, companyId }));
  const counts = home.data?.counts;

  return (
    <Card
      title={t('home.projects')}
      size="small"
      data-testid="home-projects"
      extra={<Link to={tabLink('PRE_CONTRACT')}>{t('home.viewAll')}</Link>}
    >
      <Flex gap={16} wrap align="center" style={{ marginBottom: 8 }} data-testid="home-project-counts">
        {PROJECT_LIST_TABS.map((tab) => (
          <Link key={tab} to={tabLink(tab)}>
            {t('home.tabCount', { tab: t(`projects.tab.${tab}`), count: counts?.[tab] ?? 0 })}
          </Link>
        ))}
        <Typography.Text type="secondary">
          {t('home.latestNote', { count: HOME_PROJECT_ROWS })}
        </Typography.Text>
      </Flex>
      <DataTable<ProjectListItem>
        rowKey="id"
        size="small"
        loading={home.isLoading}
        dataSource={home.data?.latest ?? []}
        locale={{ emptyText: t('projects.empty') }}
        pagination={false}
        scroll={{ x: 720 }}
        columns={[
          {
            key: 'status',
            title: t('home.column.status'),
            width: 140,
            render: (_, p) => (
              <>
                <ProjectStatusTag status={p.projectStatus} isDischarger={isDischarger} onHome />
                <CoverageTag coverage={p.permitCoverage} />
              </>
            ),
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
