// GET /api/client/pieces: the proxies a reseller's client holds, handed to it by its reseller
// (docs/resellers.md "Pieces"). Re-read every LIVE_REFRESH_MS while the page is visible: the
// reseller may hand one over or take one back at any time.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { LIVE_REFRESH_MS } from '@/lib/live-refresh';
import { queryKeys } from '@/lib/query-keys';

export const clientPiecesQueryOptions = queryOptions({
  queryKey: queryKeys.clientPieces,
  queryFn: ({ signal }) => unwrap(api.GET('/api/client/pieces', { signal })),
  refetchInterval: LIVE_REFRESH_MS,
});
