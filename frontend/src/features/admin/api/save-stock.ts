// POST /api/admin/stock (new entry, 201) and PATCH /api/admin/stock/{id} {capacity?, active?}.
import { api, unwrap } from '@/lib/api-client';
import type { StockBody, StockPatch } from '../types';
import { useAdminMutation } from './use-admin-mutation';

export const createStock = (body: StockBody) => unwrap(api.POST('/api/admin/stock', { body }));
export const updateStock = ({ id, ...body }: StockPatch & { id: number }) =>
  unwrap(api.PATCH('/api/admin/stock/{id}', { params: { path: { id } }, body }));

export const useCreateStock = () => useAdminMutation(createStock);
export const useUpdateStock = () => useAdminMutation(updateStock);
