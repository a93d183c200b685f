// A change in the reseller console: on success every reseller query is read again (a move shows in
// the pools, the client's traffic and the ledger; a new client in the count and the list).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

export function useResellerMutation<In, Out>(mutationFn: (input: In) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.resellerAll }),
  });
}
