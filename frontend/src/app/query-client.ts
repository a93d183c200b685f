// One QueryClient per app (and per test) with the defaults the screens expect. A 401 from any call
// while someone is signed in means the session ended elsewhere (a password change or "End" in
// another browser, an admin disabling the account): the session is re-read at once, so the
// signed-in layouts send the visitor to /login on that navigation instead of at the next poll.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function createQueryClient(): QueryClient {
  const recheckSession = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status !== 401) return;
    if (!client.getQueryData(queryKeys.session)) return;
    void client.invalidateQueries({ queryKey: queryKeys.session, exact: true });
  };
  const client = new QueryClient({
    queryCache: new QueryCache({
      // never for the session query itself, which would only ask itself again
      onError: (error, query) => query.queryKey[0] !== queryKeys.session[0] && recheckSession(error),
    }),
    mutationCache: new MutationCache({ onError: recheckSession }),
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return client;
}
