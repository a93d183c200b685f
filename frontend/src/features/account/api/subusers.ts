// POST /api/user/subusers (a new sub-user), PATCH and DELETE /api/user/subusers/{id}, and
// PUT /api/user/proxy_settings (the main credential's connection cap), and POST/DELETE
// /api/user/subusers/{id}/login (inviting someone to sign in to one sub-user, revoking that). The list is the shared
// query of src/lib/subusers.ts; every change refreshes it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { PostBody, Schemas } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';
import { subusersQueryOptions } from '@/lib/subusers';

export type SubuserChanges = Schemas['UpdateSubuserRequest'];

export function useSubusers() {
  return useQuery(subusersQueryOptions);
}

export const addSubuser = (body: PostBody<'/api/user/subusers'>) => unwrap(api.POST('/api/user/subusers', { body }));
export const changeSubuser = ({ id, body }: { id: number; body: SubuserChanges }) =>
  unwrap(api.PATCH('/api/user/subusers/{id}', { params: { path: { id } }, body }));
export const deleteSubuser = (id: number) => unwrap(api.DELETE('/api/user/subusers/{id}', { params: { path: { id } } }));
export const setMainMaxConnections = (maxConnections: number | null) =>
  unwrap(api.PUT('/api/user/proxy_settings', { body: { maxConnections } }));

export const inviteSubuserLogin = ({ id, email }: { id: number; email: string }) =>
  unwrap(api.POST('/api/user/subusers/{id}/login', { params: { path: { id } }, body: { email } }));
export const revokeSubuserLogin = (id: number) =>
  unwrap(api.DELETE('/api/user/subusers/{id}/login', { params: { path: { id } } }));

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.subusers });
}

export function useAddSubuser() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: addSubuser, onSuccess: refresh });
}

export function useChangeSubuser() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: changeSubuser, onSettled: refresh });
}

export function useDeleteSubuser() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: deleteSubuser, onSettled: refresh });
}

export function useSetMainMaxConnections() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: setMainMaxConnections, onSuccess: refresh });
}

export function useInviteSubuserLogin() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: inviteSubuserLogin, onSuccess: refresh });
}

export function useRevokeSubuserLogin() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: revokeSubuserLogin, onSettled: refresh });
}
