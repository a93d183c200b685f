// POST /api/google-getway: exchanges a Google ID token (`credential`) for a session.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { PostBody } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';

export const googleSignIn = (body: PostBody<'/api/google-getway'>) => unwrap(api.POST('/api/google-getway', { body }));

export function useGoogleSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: googleSignIn,
    onSuccess: (data) => {
      if ('user' in data) queryClient.setQueryData(queryKeys.session, data.user);
    },
  });
}
