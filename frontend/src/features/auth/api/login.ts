// POST /api/login: password sign-in. The caller stores the returned user in the session query
// (after noting that the sign-in was by password, which decides the admin's landing page), or
// moves on to the two-factor step when the answer is `{twoFactorRequired: true}`.
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { PostBody } from '@/lib/api-types';

export type LoginBody = PostBody<'/api/login'>;

export const login = (body: LoginBody) => unwrap(api.POST('/api/login', { body }));

export function useLogin() {
  return useMutation({ mutationFn: login });
}
