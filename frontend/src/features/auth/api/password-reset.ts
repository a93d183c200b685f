// POST /api/password/forgot mails a reset code (the same answer whether or not the account
// exists); POST /api/password/reset sets the new password and signs in, or asks for the second
// factor.
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { PostBody } from '@/lib/api-types';
import type { SignInReply } from './sign-in-reply';

export const forgotPassword = (body: PostBody<'/api/password/forgot'>) => unwrap(api.POST('/api/password/forgot', { body }));

// The document names only the signed-in answer (AuthResponse) for 200 and describes the
// `{twoFactorRequired: true}` alternative in words, so the answer is widened to the sign-in reply.
export const resetPassword = (body: PostBody<'/api/password/reset'>) => unwrap<SignInReply>(api.POST('/api/password/reset', { body }));

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
