// POST /api/user/password: the server ends every other session, so the session list is re-read.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '@/lib/json-fetch';
import { queryKeys } from '@/lib/query-keys';
import type { MessageOnly, PasswordChangeBody } from '../types';

export const changePassword = (body: PasswordChangeBody) => requestJson<MessageOnly>('POST', '/api/user/password', { body });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}
