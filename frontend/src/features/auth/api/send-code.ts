// POST /api/register_verification: mails a 6-digit code to the address.
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { PostBody } from '@/lib/api-types';

export const sendCode = (body: PostBody<'/api/register_verification'>) => unwrap(api.POST('/api/register_verification', { body }));

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
