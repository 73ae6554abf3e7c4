import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { type CompanyFilter, useCompanyFilter } from '../../lib/company-filter';
import { usePermissions } from '../../lib/permissions';
import { servedCompaniesQueryOptions } from '../../lib/served-companies';
import { useSession } from '../../lib/use-session';
import { isCompanySelectDisabled } from '../route-table';

/** Transport sessions only (an admin acting as transporter included): ALL plus the companies served. */
/** `block`: as wide as its container (the phone drawer). */
export function CompanySelect({ block = false }: { block?: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = useSession();
  const { companyId, setCompanyId } = useCompanyFilter();
  // Served companies come with the project key: a transporter awaiting approval serves nobody yet.
  const { has } = usePermissions();
  const isTransport = session.roles.includes('TRANSPORT') && has('PROJECT_MANAGEMENT');
  const companies = useQuery(servedCompaniesQueryOptions(session.claims?.userId ?? null, isTransport));
  if (!isTransport) return null;
  return (
    <Select<CompanyFilter>
      data-testid="company-select"
      aria-label={t('layout.company')}
      style={{ width: block ? '100%' : 220 }}
      value={companyId}
      onChange={setCompanyId}
      disabled={isCompanySelectDisabled(pathname)}
      loading={companies.isLoading}
      showSearch={{ optionFilterProp: 'label' }}
      options={[
        { value: 'ALL', label: t('layout.allCompanies') },
        ...(companies.data ?? []).map((c) => ({ value: c.id, label: c.name })),
      ]}
    />
  );
}
