// A mutation of the operator console: on success every admin query is refetched (one change shows
// in the summary, the lists, the customer's page and the audit log).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

export function useAdminMutation<In, Out>(mutationFn: (input: In) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminAll }),
  });
}
