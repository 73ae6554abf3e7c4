import type { ContractCoverageGap } from '@junkan/shared/api/permit-coverage';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { PERMITS_KEY } from '../../../lib/permit-data/keys';

/** GET /trans/permits/coverage-gaps: contracts in force the company's permits do not cover until their end. */
export const getCoverageGaps = () => api.get<ContractCoverageGap[]>('/trans/permits/coverage-gaps');

/** Under PERMITS_KEY: registering, renewing or retiring a permit refreshes it. */
export const coverageGapsQueryOptions = () =>
  queryOptions({ queryKey: [...PERMITS_KEY, 'coverage-gaps'], queryFn: getCoverageGaps });

export const useCoverageGaps = () => useQuery(coverageGapsQueryOptions());
