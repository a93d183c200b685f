// POST /api/user/email mails a code to the new address; POST /api/user/email/confirm switches it.
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { PostBody } from '@/lib/api-types';
import { useUserChanged } from './use-user-changed';

export const requestEmailChange = (body: PostBody<'/api/user/email'>) => unwrap(api.POST('/api/user/email', { body }));
export const confirmEmailChange = (body: PostBody<'/api/user/email/confirm'>) => unwrap(api.POST('/api/user/email/confirm', { body }));

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}

export function useConfirmEmailChange() {
  const changed = useUserChanged();
  return useMutation({ mutationFn: confirmEmailChange, onSuccess: (data) => changed(data.user) });
}
