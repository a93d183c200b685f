// POST /api/google-getway: exchanges a Google ID token (`credential`) for a session.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import type { PostBody } from '@/lib/api-types';
import { sessionQueryKey } from '@/lib/session';

export const googleSignIn = (body: PostBody<'/api/google-getway'>) => apiPost('/api/google-getway', body);

export function useGoogleSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: googleSignIn,
    onSuccess: (data) => queryClient.setQueryData(sessionQueryKey, data.user),
  });
}
