// POST /api/user/password: the server ends every other session, so the session list is re-read.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { PostBody } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';

export const changePassword = (body: PostBody<'/api/user/password'>) => unwrap(api.POST('/api/user/password', { body }));

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}
