// Two-factor sign-in: GET /api/user/2fa (status), POST …/setup (a new secret), POST …/enable
// (answers the recovery codes, once), POST …/disable.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '@/lib/json-fetch';
import { queryKeys } from '@/lib/query-keys';
import type { MessageOnly, TwoFactorDisableBody, TwoFactorEnabled, TwoFactorSetup, TwoFactorStatus } from '../types';

export const twoFactorQueryOptions = queryOptions({
  queryKey: queryKeys.twoFactor,
  queryFn: ({ signal }) => requestJson<TwoFactorStatus>('GET', '/api/user/2fa', { signal }),
});

export function useTwoFactorStatus() {
  return useQuery(twoFactorQueryOptions);
}

export const setupTwoFactor = () => requestJson<TwoFactorSetup>('POST', '/api/user/2fa/setup');
export const enableTwoFactor = (code: string) => requestJson<TwoFactorEnabled>('POST', '/api/user/2fa/enable', { body: { code } });
export const disableTwoFactor = (body: TwoFactorDisableBody) => requestJson<MessageOnly>('POST', '/api/user/2fa/disable', { body });

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
