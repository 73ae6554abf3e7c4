import { PlusOutlined } from '@ant-design/icons';
import {
  ADMIN_USER_SORT_KEYS,
  type AdminUserListItem,
  type AdminUserListQuery,
} from '@junkan/shared/api/account-master';
import { ROLES, type Role } from '@junkan/shared/enums';
import { MAX_LENGTH } from '@junkan/shared/field-rules';
import { paths } from '@junkan/shared/paths';
import { Card, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { LinkButton } from '../../../components/link-button';
import {
  columnSortOrder,
  emptyLocale,
  ListToolbar,
  LoadFailed,
  listPagination,
  PAGE_SIZE,
  PAGE_SIZES,
  SearchBox,
  tableChange,
} from '../../../components/master-list';
import { formatDateTime } from '../../../lib/format';
import { accountUpdatePath } from '../account-paths';
import { useAdminUsers } from '../api/admin-users';

const ROLE_COLORS: Record<Role, string> = {
  ADMIN: 'purple',
  WASTE: 'green',
  TRANSPORT: 'blue',
  DRIVER: 'cyan',
};

type SortKey = (typeof ADMIN_USER_SORT_KEYS)[number];

/** Reads the list's state from the address, so the back button and links keep it. */
function useListQuery(): [AdminUserListQuery, (next: Partial<AdminUserListQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const role = params.get('role');
  const sort = params.get('sort');
  const query: AdminUserListQuery = {
    keyWord: params.get('keyWord') ?? '',
    role: (ROLES as readonly string[]).includes(role ?? '') ? (role as Role) : undefined,
    page: Math.max(1, Number(params.get('page')) || 1),
    size: PAGE_SIZES.includes(Number(params.get('size'))) ? Number(params.get('size')) : PAGE_SIZE,
    sort: (ADMIN_USER_SORT_KEYS as readonly string[]).includes(sort ?? '') ? (sort as SortKey) : 'id',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
  };
  const update = (next: Partial<AdminUserListQuery>) => {
    const merged = { ...query, ...next };
    const out = new URLSearchParams();
    if (merged.keyWord) out.set('keyWord', merged.keyWord);
    if (merged.role) out.set('role', merged.role);
    if (merged.page > 1) out.set('page', String(merged.page));
    if (merged.size !== PAGE_SIZE) out.set('size', String(merged.size));
    if (merged.sort !== 'id') out.set('sort', merged.sort);
    if (merged.order !== 'asc') out.set('order', merged.order);
    setParams(out, { replace: true });
  };
  return [query, update];
}

/** Account master: accounts with keyword search, role filter, paging and links to their update pages. */
export default function AccountMasterPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useListQuery();
  const list = useAdminUsers(query);

  const sortOrder = (key: SortKey) => columnSortOrder(query, key);

  if (list.isError && !list.data) {
    return <LoadFailed title={t('accountMaster.loadFailed')} onRetry={() => void list.refetch()} />;
  }

  return (
    <Card
      title={t('menu.accountMaster')}
      data-testid="account-master"
      extra={
        <Space wrap>
          <LinkButton
            to={paths.accountMasterRegister.to()}
            type="primary"
            icon={<PlusOutlined />}
            data-testid="account-master-register-waste"
          >
            {t('accountMaster.registerWaste')}
          </LinkButton>
          <LinkButton
            to={paths.accountMasterTransRegister.to()}
            type="primary"
            icon={<PlusOutlined />}
            data-testid="account-master-register-transport"
          >
            {t('accountMaster.registerTransport')}
          </LinkButton>
        </Space>
      }
    >
      <ListToolbar justify="flex-start">
        <SearchBox
          key={query.keyWord}
          defaultValue={query.keyWord}
          label={t('accountMaster.searchPlaceholder')}
          maxLength={MAX_LENGTH.email}
          onSearch={(words) => setQuery({ keyWord: words, page: 1 })}
          testId="account-master-search"
        />
        <Select<Role | 'ALL'>
          value={query.role ?? 'ALL'}
          onChange={(value) => setQuery({ role: value === 'ALL' ? undefined : value, page: 1 })}
          style={{ width: 200 }}
          aria-label={t('accountMaster.roleFilter')}
          options={[
            { value: 'ALL', label: t('accountMaster.allRoles') },
            ...ROLES.map((r) => ({ value: r, label: t(`role.${r}`) })),
          ]}
          data-testid="account-master-role"
        />
      </ListToolbar>
      <DataTable<AdminUserListItem>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 960 }}
        onChange={(pagination, _filters, sorter) => setQuery(tableChange(pagination, sorter, query, 'id'))}
        pagination={listPagination({
          page: query.page,
          size: query.size,
          total: list.data?.total ?? 0,
          sizes: true,
          totalText: (count) => t('accountMaster.total', { count }),
        })}
        locale={emptyLocale(t(query.keyWord || query.role ? 'accountMaster.noMatch' : 'accountMaster.empty'))}
        columns={[
          {
            key: 'id',
            title: t('accountMaster.column.id'),
            dataIndex: 'id',
            width: 90,
            sorter: true,
            sortOrder: sortOrder('id'),
          },
          {
            key: 'userName',
            title: t('accountMaster.column.userName'),
            sorter: true,
            sortOrder: sortOrder('userName'),
            ellipsis: true,
            render: (_, u) => {
              const path = accountUpdatePath(u);
              const name = u.userName || t('accountMaster.noName');
              return path ? (
                <Link to={path} data-testid="account-master-link">
                  {name}
                </Link>
              ) : (
                name
              );
            },
          },
          {
            key: 'email',
            title: t('accountMaster.column.email'),
            dataIndex: 'email',
            sorter: true,
            sortOrder: sortOrder('email'),
            ellipsis: true,
          },
          {
            key: 'companyName',
            title: t('accountMaster.column.companyName'),
            ellipsis: true,
            render: (_, u) => u.companyName ?? '—',
          },
          {
            key: 'role',
            title: t('accountMaster.column.role'),
            width: 170,
            render: (_, u) => <Tag color={ROLE_COLORS[u.role]}>{t(`role.${u.role}`)}</Tag>,
          },
          {
            key: 'enabled',
            title: t('accountMaster.column.enabled'),
            width: 100,
            render: (_, u) =>
              u.enabled ? (
                <Tag color="success">{t('accountMaster.enabled')}</Tag>
              ) : (
                <Tag>{t('accountMaster.disabled')}</Tag>
              ),
          },
          {
            key: 'lastLoginAt',
            title: t('accountMaster.column.lastLoginAt'),
            width: 170,
            sorter: true,
            sortOrder: sortOrder('lastLoginAt'),
            render: (_, u) =>
              u.lastLoginAt ? formatDateTime(u.lastLoginAt) : t('accountMaster.neverSignedIn'),
          },
        ]}
      />
    </Card>
  );
}
