// PUT /api/admin/users/{id}/reseller {enabled, discountPercent, maxClients, reason?}: makes an
// account a reseller (or switches it off), audited as user.reseller. The customer's page reads the
// terms again with every admin query.
import { api, unwrap } from '@/lib/api-client';
import type { ResellerBody } from '../types';
import { useAdminMutation } from './use-admin-mutation';

export function useSetReseller() {
  return useAdminMutation(({ id, body }: { id: number; body: ResellerBody }) =>
    unwrap(api.PUT('/api/admin/users/{id}/reseller', { params: { path: { id } }, body })),
  );
}
