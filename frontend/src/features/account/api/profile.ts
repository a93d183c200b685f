// PATCH /api/user/profile (name, phone), POST /api/user/avatar (multipart `file`) and
// DELETE /api/user/avatar: each answers the changed user.
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { useUserChanged } from './use-user-changed';

export type ProfileBody = Schemas['ProfileRequest'];

export const updateProfile = (body: ProfileBody) => unwrap(api.PATCH('/api/user/profile', { body }));

/** The photo as the one multipart part `file`; the browser writes the boundary into the header. */
export const uploadAvatar = (file: File) =>
  unwrap(
    api.POST('/api/user/avatar', {
      body: { file },
      bodySerializer: (body) => {
        const form = new FormData();
        form.append('file', body.file);
        return form;
      },
    }),
  );

export const deleteAvatar = () => unwrap(api.DELETE('/api/user/avatar'));

export function useUpdateProfile() {
  const changed = useUserChanged();
  return useMutation({ mutationFn: updateProfile, onSuccess: (data) => changed(data.user) });
}

export function useUploadAvatar() {
  const changed = useUserChanged();
  return useMutation({ mutationFn: uploadAvatar, onSuccess: (data) => changed(data.user) });
}

export function useDeleteAvatar() {
  const changed = useUserChanged();
  return useMutation({ mutationFn: deleteAvatar, onSuccess: (data) => changed(data.user) });
}
