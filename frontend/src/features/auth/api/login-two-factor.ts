// POST /api/login/2fa: the code from the authenticator app (or a recovery code) that completes a
// sign-in answered with `{twoFactorRequired: true}`.
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { PostBody } from '@/lib/api-types';

export const loginTwoFactor = (body: PostBody<'/api/login/2fa'>) => unwrap(api.POST('/api/login/2fa', { body }));

export function useLoginTwoFactor() {
  return useMutation({ mutationFn: loginTwoFactor });
}
