// POST /api/google-getway: exchanges a Google ID token (`credential`) for a session, or answers
// `{twoFactorRequired: true}` when the account asks for a second factor first.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { PostBody } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';
import { isTwoFactorChallenge } from './sign-in-reply';

export const googleSignIn = (body: PostBody<'/api/google-getway'>) => unwrap(api.POST('/api/google-getway', { body }));

export function useGoogleSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: googleSignIn,
    onSuccess: (data) => {
      if (!isTwoFactorChallenge(data)) queryClient.setQueryData(queryKeys.session, data.user);
    },
  });
}
