// POST /api/login/2fa: the code from the authenticator app (or a recovery code) that completes a
// sign-in answered with `{twoFactorRequired: true}`.
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '@/lib/json-fetch';
import type { SignedIn, TwoFactorBody } from '../types';

export const loginTwoFactor = (body: TwoFactorBody) => requestJson<SignedIn>('POST', '/api/login/2fa', { body });

export function useLoginTwoFactor() {
  return useMutation({ mutationFn: loginTwoFactor });
}
