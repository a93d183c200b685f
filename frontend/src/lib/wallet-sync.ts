// Keeps the balance fresh after a top-up paid in another tab: when the customer comes back to this
// tab (window focus or the tab becoming visible), or another tab of the app reports a change on a
// BroadcastChannel (the checkout tab lands on /onboard/wallet?payment=…), the user info, wallet
// and referral queries are invalidated so the top bar and the wallet screens refetch.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from './query-keys';

const CHANNEL = 'proxyshop-wallet';
/** focus and visibilitychange usually fire together: refresh once for both. */
const MIN_GAP_MS = 1000;
/** Tells this tab's own messages apart from the other tabs' (a channel hears its siblings). */
const TAB_ID = Math.random().toString(36).slice(2);

export function invalidateWallet(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.session }),
    queryClient.invalidateQueries({ queryKey: queryKeys.walletAll }),
    queryClient.invalidateQueries({ queryKey: queryKeys.referrals }),
  ]).then(() => undefined);
}

/** Tells the app's other tabs that the wallet changed (e.g. a payment was confirmed). */
export function announceWalletChange(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ type: 'wallet-changed', from: TAB_ID });
  channel.close();
}

/** Mounted by the signed-in layout. */
export function useWalletRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let last = 0;
    const refresh = () => {
      const now = Date.now();
      if (now - last < MIN_GAP_MS) return;
      last = now;
      void invalidateWallet(queryClient);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', onVisibility);
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown; from?: unknown } | null;
      if (data?.type === 'wallet-changed' && data.from !== TAB_ID) refresh();
    });
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', onVisibility);
      channel?.close();
    };
  }, [queryClient]);
}
