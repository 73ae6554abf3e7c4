import type { TransportApprovalCompany } from '@junkan/shared/api/transport-approval';
import type { TransportApprovalStatus } from '@junkan/shared/enums';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const TRANSPORT_APPROVAL_KEY = ['transport-approval'] as const;

/** GET /admin/transport-companies?approvalStatus= : transport companies in a state, with their permit data. */
export const fetchTransportCompanies = (approvalStatus: TransportApprovalStatus) =>
  api.get<TransportApprovalCompany[]>('/admin/transport-companies', { approvalStatus });

export const transportCompaniesQueryOptions = (approvalStatus: TransportApprovalStatus) =>
  queryOptions({
    queryKey: [...TRANSPORT_APPROVAL_KEY, approvalStatus],
    queryFn: () => fetchTransportCompanies(approvalStatus),
  });

export const useTransportCompanies = (approvalStatus: TransportApprovalStatus) =>
  useQuery(transportCompaniesQueryOptions(approvalStatus));
