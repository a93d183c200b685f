// POST /api/register: creates the account and signs it in.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { PostBody } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';

export type RegisterBody = PostBody<'/api/register'>;

export const register = (body: RegisterBody) => unwrap(api.POST('/api/register', { body }));

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.session, data.user),
  });
}
