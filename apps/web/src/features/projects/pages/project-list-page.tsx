import { PlusOutlined } from '@ant-design/icons';
import type { ProjectListItem, ProjectListTab } from '@junkan/shared';
import { Button, Card, Flex, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ProjectStatusTag } from '../../../components/project-status-tag';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { usePermissions } from '../../../lib/permissions';
import { useSession } from '../../../lib/use-session';
import { useProjectList } from '../api/project-list';

const TABS: ProjectListTab[] = ['PRE_CONTRACT', 'IN_PROGRESS', 'PAST'];

/** /project-managment: the caller's projects by tab (before contract, in progress, past). */
export default function ProjectListPage() {
  const { t } = useTranslation();
  const { roles } = useSession();
  const { has } = usePermissions();
  const isTransport = roles.includes('TRANSPORT');
  const isDischarger = !isTransport;
  const [params, setParams] = useSearchParams();
  const tab = (TABS as string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as ProjectListTab)
    : 'PRE_CONTRACT';
  const list = useProjectList(isTransport, tab);

  return (
    <>
      <Flex justify="space-between" align="center" wrap>
        <Typography.Title level={4}>{t('projects.listTitle')}</Typography.Title>
        {isDischarger && has('QUOTE_REQUEST') && (
          <Link to={paths.quoteRequest.to()}>
            <Button type="primary" icon={<PlusOutlined />}>
              {t('projects.newQuote')}
            </Button>
          </Link>
        )}
      </Flex>
      <Card size="small">
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          items={TABS.map((key) => ({ key, label: t(`projects.tab.${key}`) }))}
        />
        <Table<ProjectListItem>
          rowKey="id"
          size="small"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          locale={{ emptyText: t('projects.empty') }}
          pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
          scroll={{ x: 760 }}
          data-testid="project-list"
          columns={[
            {
              key: 'status',
              title: t('projects.column.status'),
              width: 130,
              render: (_, p) => (
                <>
                  <ProjectStatusTag status={p.projectStatus} isDischarger={isDischarger} />
                  {!isDischarger && p.projectStatus === 'REQUEST_QUOTE' && !p.transportCompany && (
                    <Tag color="magenta">{t('quotes.newRequest')}</Tag>
                  )}
                </>
              ),
            },
            {
              key: 'id',
              title: t('projects.column.id'),
              width: 100,
              sorter: (a, b) => a.id - b.id,
              render: (_, p) => <Link to={paths.projectDetail.to(p.id)}>{p.id}</Link>,
            },
            {
              key: 'title',
              title: t('projects.column.title'),
              ellipsis: true,
              render: (_, p) => <Link to={paths.projectDetail.to(p.id)}>{p.projectTitle}</Link>,
            },
            {
              key: 'type',
              title: t('projects.column.type'),
              width: 130,
              render: (_, p) => t(`projectType.${p.type}`),
            },
            {
              key: 'company',
              title: isDischarger
                ? t('projects.column.transportCompany')
                : t('projects.column.dischargeCompany'),
              ellipsis: true,
              render: (_, p) =>
                isDischarger ? (p.transportCompany?.name ?? t('projects.notDecided')) : p.company.name,
            },
            {
              key: 'createdDate',
              title: t('projects.column.createdDate'),
              width: 120,
              sorter: (a, b) => a.createdDate.localeCompare(b.createdDate),
              render: (_, p) => formatDate(p.createdDate),
            },
          ]}
        />
      </Card>
    </>
  );
}
