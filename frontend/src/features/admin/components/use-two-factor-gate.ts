// The console's answer to "Two-factor sign-in is required for administrators": the first admin
// query or change refused with it sends the admin, once, to the two-factor card of the settings
// page with that message as a notice. The console's cached answers are dropped on the way out, so
// coming back after enrolling starts afresh (and coming back without enrolling asks the server
// again instead of bouncing on a stale error).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { isAdminTwoFactorRequired, TWO_FACTOR_SETTINGS, type SettingsNotice } from '@/lib/admin-two-factor';
import { queryKeys } from '@/lib/query-keys';

export function useTwoFactorGate() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const sent = useRef(false);

  useEffect(() => {
    sent.current = false;
    const leave = (error: unknown) => {
      if (sent.current || !isAdminTwoFactorRequired(error)) return;
      sent.current = true;
      const state: SettingsNotice = { notice: error.message, from: 'admin' };
      void navigate(TWO_FACTOR_SETTINGS, { replace: true, state });
      // after the navigation, so that no mounted console page refetches what is removed
      queueMicrotask(() => queryClient.removeQueries({ queryKey: queryKeys.adminAll }));
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      // `failed` is the first refusal (before a retry), `error` the last
      if (event.type === 'updated' && (event.action.type === 'failed' || event.action.type === 'error')) leave(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') leave(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, navigate]);
}
