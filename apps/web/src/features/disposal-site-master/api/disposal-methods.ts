import type { DisposalMethod } from '@junkan/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /disposal-method: the disposal methods master, for the method selector. */
export const fetchDisposalMethods = () => api.get<DisposalMethod[]>('/disposal-method');

export const useDisposalMethods = () =>
  useQuery({ queryKey: ['disposal-site-master-methods'], queryFn: fetchDisposalMethods });
