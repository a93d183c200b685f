// POST /api/invitation/accept: a sub-user sign-in's first password, with the token of the mailed
// invitation link (docs/subusers.md). It does not sign in: the invitee signs in on /login next.
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { PostBody } from '@/lib/api-types';

export const acceptInvitation = (body: PostBody<'/api/invitation/accept'>) => unwrap(api.POST('/api/invitation/accept', { body }));

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
