// POST /api/user/email mails a code to the new address; POST /api/user/email/confirm switches it.
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '@/lib/json-fetch';
import type { EmailChangeBody, EmailConfirmBody, MessageOnly, UserChanged } from '../types';
import { useUserChanged } from './use-user-changed';

export const requestEmailChange = (body: EmailChangeBody) => requestJson<MessageOnly>('POST', '/api/user/email', { body });
export const confirmEmailChange = (body: EmailConfirmBody) => requestJson<UserChanged>('POST', '/api/user/email/confirm', { body });

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}

export function useConfirmEmailChange() {
  const changed = useUserChanged();
  return useMutation({ mutationFn: confirmEmailChange, onSuccess: (data) => changed(data.user) });
}
