// POST /api/register_verification: mails a 6-digit code to the address.
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import type { PostBody } from '@/lib/api-types';

export const sendCode = (body: PostBody<'/api/register_verification'>) => apiPost('/api/register_verification', body);

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
