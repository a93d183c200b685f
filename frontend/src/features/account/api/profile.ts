// PATCH /api/user/profile (name, phone), POST /api/user/avatar (multipart `file`) and
// DELETE /api/user/avatar: each answers the changed user.
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '@/lib/json-fetch';
import type { ProfileBody, UserChanged } from '../types';
import { useUserChanged } from './use-user-changed';

export const updateProfile = (body: ProfileBody) => requestJson<UserChanged>('PATCH', '/api/user/profile', { body });

export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('file', file);
  return requestJson<UserChanged>('POST', '/api/user/avatar', { form });
}

export const deleteAvatar = () => requestJson<UserChanged>('DELETE', '/api/user/avatar');

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
