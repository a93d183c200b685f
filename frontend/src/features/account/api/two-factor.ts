// Two-factor sign-in: GET /api/user/2fa (status), POST …/setup (a new secret), POST …/enable
// (answers the recovery codes, once), POST …/disable.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { PostBody, Schemas } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';

export type TwoFactorSetupData = Schemas['TwoFactorSetup'];

export const twoFactorQueryOptions = queryOptions({
  queryKey: queryKeys.twoFactor,
  queryFn: ({ signal }) => unwrap(api.GET('/api/user/2fa', { signal })),
});

export function useTwoFactorStatus() {
  return useQuery(twoFactorQueryOptions);
}

export const setupTwoFactor = () => unwrap(api.POST('/api/user/2fa/setup'));
export const enableTwoFactor = (code: string) => unwrap(api.POST('/api/user/2fa/enable', { body: { code } }));
export const disableTwoFactor = (body: PostBody<'/api/user/2fa/disable'>) => unwrap(api.POST('/api/user/2fa/disable', { body }));

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor });
}

function useRefreshStatus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor });
}

export function useEnableTwoFactor() {
  const refresh = useRefreshStatus();
  return useMutation({ mutationFn: enableTwoFactor, onSuccess: refresh });
}

export function useDisableTwoFactor() {
  const refresh = useRefreshStatus();
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: refresh });
}
