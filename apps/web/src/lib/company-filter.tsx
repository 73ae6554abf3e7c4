import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

/** The header's company selector value: ALL or a company id. */
export type CompanyFilter = 'ALL' | number;

interface CompanyFilterState {
  companyId: CompanyFilter;
  setCompanyId: (value: CompanyFilter) => void;
}

const CompanyFilterContext = createContext<CompanyFilterState>({ companyId: 'ALL', setCompanyId: () => {} });

export function CompanyFilterProvider({ children }: { children: ReactNode }) {
  const [companyId, setCompanyId] = useState<CompanyFilter>('ALL');
  const value = useMemo(() => ({ companyId, setCompanyId }), [companyId]);
  return <CompanyFilterContext.Provider value={value}>{children}</CompanyFilterContext.Provider>;
}

export function useCompanyFilter(): CompanyFilterState {
  return useContext(CompanyFilterContext);
}
