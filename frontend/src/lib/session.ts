// The signed-in user (GET /api/getuserinfo) as a TanStack Query, plus logout and the post-sign-in
// targets (admins to /admin, everyone else to /onboard). Every screen reads the session through `useSession`; the signed-in layout
// and the public header use `useLiveSession`, which re-reads the user (the balance) every
// LIVE_REFRESH_MS while the page is visible.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, errorMessage, FALLBACK_ERROR, unwrap } from './api-client';
import type { User } from './api-types';
import { LIVE_REFRESH_MS } from './live-refresh';
import { queryKeys } from './query-keys';
import { notify } from './toast';

export const sessionQueryOptions = queryOptions({
  queryKey: queryKeys.session,
  queryFn: async ({ signal, client }): Promise<User | null> => {
    try {
      const data = await unwrap(api.GET('/api/getuserinfo', { signal }));
      return data.user ?? null;
    } catch (error) {
      if (signal.aborted) throw error;
      // a failed refresh (a poll, a refetch after a top-up) keeps the signed-in user: the query
      // keeps its data and the next refresh tries again
      if (client.getQueryData(queryKeys.session)) throw error;
      // A failed user-info load shows an error toast and leaves the visitor signed out.
      notify.error(errorMessage(error));
      return null;
    }
  },
  staleTime: 5 * 60_000,
  retry: false,
});

export function useSession(): { user: User | null; isLoading: boolean } {
  const query = useQuery(sessionQueryOptions);
  return { user: query.data ?? null, isLoading: query.isPending };
}

/** As `useSession`, polling the user every LIVE_REFRESH_MS while someone is signed in and the page
 * is visible (TanStack Query pauses interval refetches in background tabs). */
export function useLiveSession(): { user: User | null; isLoading: boolean } {
  const query = useQuery({ ...sessionQueryOptions, refetchInterval: (current) => (current.state.data ? LIVE_REFRESH_MS : false) });
  return { user: query.data ?? null, isLoading: query.isPending };
}

export function isAdmin(user: User | null | undefined): boolean {
  return user?.role === 'admin';
}

/** Where a visitor who is already signed in (or just signed in with Google) belongs. */
export function homeFor(user: User): string {
  return isAdmin(user) ? '/admin/dashboard' : '/onboard';
}

/** Where a password sign-in lands (admins go to /admin here, to /admin/dashboard elsewhere). */
export function loginTargetFor(user: User): string {
  return isAdmin(user) ? '/admin' : '/onboard';
}

export function displayName(user: User): string {
  return user.name || user.profile.name || user.email.split('@')[0] || 'Customer';
}

/** The avatar URL, or null when the user has none (a placeholder value counts as none). */
export function avatarUrl(user: User): string | null {
  const url = user.photoURL ?? user.profile.avatarUrl;
  if (!url || /placeholder|default/i.test(url)) return null;
  return url;
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/user/logout')),
    onSuccess: (data) => {
      if (data.success) notify.success(data.message);
      // leave the protected page first (a plain, synchronous navigation), then drop the user
      void navigate('/');
      queryClient.setQueryData(queryKeys.session, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] });
    },
    onError: () => notify.error(FALLBACK_ERROR),
  });
}
