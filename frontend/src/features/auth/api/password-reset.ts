// POST /api/password/forgot mails a reset code (the same answer whether or not the account
// exists); POST /api/password/reset sets the new password and signs in, or asks for the second
// factor.
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '@/lib/json-fetch';
import type { ForgotAnswer, ForgotBody, ResetBody, SignedIn, TwoFactorChallenge } from '../types';

export const forgotPassword = (body: ForgotBody) => requestJson<ForgotAnswer>('POST', '/api/password/forgot', { body });
export const resetPassword = (body: ResetBody) => requestJson<SignedIn | TwoFactorChallenge>('POST', '/api/password/reset', { body });

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
