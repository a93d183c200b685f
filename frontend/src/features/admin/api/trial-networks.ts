// GET /api/admin/trials/networks: today's networks at their free-trial limit; POST the same path
// {network, trials, reason}: allow one network more trials today (docs/admin-api/trials.md).
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';
import { useAdminMutation } from './use-admin-mutation';

export type TrialNetworkRow = Schemas['TrialNetworkRow'];

export const trialNetworksQueryOptions = queryOptions({
  queryKey: queryKeys.adminTrialNetworks,
  queryFn: ({ signal }) => unwrap(api.GET('/api/admin/trials/networks', { signal })),
});

export const allowTrials = (body: { network: string; trials: number; reason: string }) => unwrap(api.POST('/api/admin/trials/networks', { body }));

export const useAllowTrials = () => useAdminMutation(allowTrials);
