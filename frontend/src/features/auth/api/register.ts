// POST /api/register: creates the account and signs it in.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import type { PostBody } from '@/lib/api-types';
import { sessionQueryKey } from '@/lib/session';

export type RegisterBody = PostBody<'/api/register'>;

export const register = (body: RegisterBody) => apiPost('/api/register', body);

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (data) => queryClient.setQueryData(sessionQueryKey, data.user),
  });
}
