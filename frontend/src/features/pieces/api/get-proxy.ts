// POST /api/user/get_proxy: buys per-piece proxies (static, IPv4, IPv6, LTE) from the wallet.
// On success the returned user replaces the cached one (the balance updates at once), the new
// proxies go to the front of that kind's history before it is refetched, and the stock lists, the
// generated proxies list, the pieces held (with a reseller's choice to hand to clients), the stats
// and the wallet are refreshed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { HistoryItem } from '@/lib/proxy-history';
import { queryKeys } from '@/lib/query-keys';
import type { GetProxyBody } from '../buy-request';

export const PROXY_GENERATED = 'Proxy Generated Successfully';

/** What the page shows: the proxies (none when the provider delivers later) and the message. */
export type GetProxyResult = { proxies: string[]; message: string; delivered: boolean };

export function useGetProxy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GetProxyBody) => unwrap(api.POST('/api/user/get_proxy', { body })),
    onSuccess: ({ proxies, user }, body) => {
      queryClient.setQueryData(queryKeys.session, user);
      if (proxies.length > 0) {
        const createdAt = Math.floor(Date.now() / 1000);
        const fresh: HistoryItem[] = proxies.map((proxy) => ({ proxy, createdAt, type: body.type, expiresAt: null, quantity: 1 }));
        queryClient.setQueryData<HistoryItem[]>(queryKeys.proxyHistory(body.type), (old) => [...fresh, ...(old ?? [])]);
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.proxyHistory(body.type) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.pieceStock(body.type) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.generatedProxiesAll });
      void queryClient.invalidateQueries({ queryKey: queryKeys.piecesAll });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stats });
      void queryClient.invalidateQueries({ queryKey: queryKeys.walletAll });
    },
  });
}

/** The toast of a finished purchase: success with the proxies, info when they come later (202). */
export function resultOf({ proxies, message }: { proxies: string[]; message: string }): GetProxyResult {
  const delivered = proxies.length > 0;
  return { proxies, delivered, message: message || (delivered ? PROXY_GENERATED : 'Your proxies are being prepared') };
}
