// Customer care: POST /api/admin/users/{id}/verification (a new code for the address waiting to be
// verified), POST /api/admin/users/{id}/password-reset {reason} (sessions end, the password stops
// working, a reset mail goes out), and the notes (GET and POST /api/admin/users/{id}/notes).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useAdminMutation } from './use-admin-mutation';

export const NOTES_PER_PAGE = 10;

export const resendVerification = ({ id }: { id: number }) => unwrap(api.POST('/api/admin/users/{id}/verification', { params: { path: { id } } }));
export const useResendVerification = () => useAdminMutation(resendVerification);

export const forcePasswordReset = ({ id, reason }: { id: number; reason: string }) =>
  unwrap(api.POST('/api/admin/users/{id}/password-reset', { params: { path: { id } }, body: { reason } }));
export const useForcePasswordReset = () => useAdminMutation(forcePasswordReset);

export const notesQueryOptions = (id: number, page: number) =>
  queryOptions({
    queryKey: queryKeys.adminUserNotes(id, page, NOTES_PER_PAGE),
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/users/{id}/notes', { params: { path: { id }, query: { page, perPage: NOTES_PER_PAGE } }, signal })),
    placeholderData: keepPreviousData,
  });

export const addNote = ({ id, text }: { id: number; text: string }) => unwrap(api.POST('/api/admin/users/{id}/notes', { params: { path: { id } }, body: { text } }));
export const useAddNote = () => useAdminMutation(addNote);
