// After a change that answers the user (profile, photo, email): the top bar shows the new user at
// once, and the session query is re-read so that every screen agrees with the server.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { User } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';

export function useUserChanged(): (user: User) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (user: User) => {
      queryClient.setQueryData(queryKeys.session, user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    },
    [queryClient],
  );
}
