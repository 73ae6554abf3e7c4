import type { BankSearchResult } from '@junkan/shared/api/bank-accounts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /banks?keyword=: the zengin list's banks matching a code prefix or a name. */
export const searchBanks = (keyword: string) => api.get<BankSearchResult>('/banks', { keyword });

/** GET /banks/{bankCode}/branches?keyword=. */
export const searchBranches = (bankCode: string, keyword: string) =>
  api.get<BankSearchResult>(`/banks/${bankCode}/branches`, { keyword });

/** The list changes with a package update only: an answer is kept for the session. */
export const bankSearchQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: ['banks', keyword],
    queryFn: () => searchBanks(keyword),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });

export const branchSearchQueryOptions = (bankCode: string, keyword: string) =>
  queryOptions({
    queryKey: ['banks', bankCode, 'branches', keyword],
    queryFn: () => searchBranches(bankCode, keyword),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: /^\d{4}$/.test(bankCode),
  });

export const useBankSearch = (keyword: string, enabled: boolean) =>
  useQuery({ ...bankSearchQueryOptions(keyword), enabled });

export const useBranchSearch = (bankCode: string, keyword: string) =>
  useQuery(branchSearchQueryOptions(bankCode, keyword));
