// POST /api/user/get_proxy: buys per-piece proxies (static, IPv4, IPv6, LTE) from the wallet.
// On success the returned user replaces the cached one (the balance updates at once), the new
// proxies go to the front of that kind's history before it is refetched, and the stock lists, the
// generated proxies list, the stats and the wallet are refreshed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { proxyHistoryKey, type HistoryItem } from '@/lib/proxy-history';
import { sessionQueryKey } from '@/lib/session';
import { walletQueryRoot } from '@/lib/wallet-sync';
import { generatedProxiesRoot } from './get-generated-proxies';
import { credentialsKey } from './get-server-credentials';
import { parseGetProxy } from './parse';
import type { GetProxyBody } from './types';

export const PROXY_GENERATED = 'Proxy Generated Successfully';

/** What the page shows: the proxies (none when the provider delivers later) and the message. */
export type GetProxyResult = { proxies: string[]; message: string; delivered: boolean };

export function useGetProxy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: GetProxyBody) => parseGetProxy(await apiRequest('/api/user/get_proxy', { method: 'POST', body })),
    onSuccess: ({ proxies, user }, body) => {
      if (user) queryClient.setQueryData(sessionQueryKey, user);
      if (proxies.length > 0) {
        const createdAt = Math.floor(Date.now() / 1000);
        const fresh: HistoryItem[] = proxies.map((proxy) => ({ proxy, createdAt, type: body.type, expiresAt: null }));
        queryClient.setQueryData<HistoryItem[]>(proxyHistoryKey(body.type), (old) => [...fresh, ...(old ?? [])]);
      }
      void queryClient.invalidateQueries({ queryKey: proxyHistoryKey(body.type) });
      void queryClient.invalidateQueries({ queryKey: credentialsKey(body.type) });
      void queryClient.invalidateQueries({ queryKey: generatedProxiesRoot });
      void queryClient.invalidateQueries({ queryKey: ['stats'] });
      void queryClient.invalidateQueries({ queryKey: walletQueryRoot });
    },
  });
}

/** The toast of a finished purchase: success with the proxies, info when they come later (202). */
export function resultOf({ proxies, message }: { proxies: string[]; message: string }): GetProxyResult {
  const delivered = proxies.length > 0;
  return { proxies, delivered, message: message || (delivered ? PROXY_GENERATED : 'Your proxies are being prepared') };
}
