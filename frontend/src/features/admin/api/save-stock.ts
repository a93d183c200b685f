// POST /api/admin/stock (new entry, 201) and PATCH /api/admin/stock/{id} {capacity?, active?}.
import type { StockBody, StockItem, StockPatch } from '../types';
import { adminRequest } from './admin-request';
import { useAdminMutation } from './use-admin-mutation';

export const createStock = (body: StockBody) => adminRequest<StockItem>('POST', '/api/admin/stock', { body });
export const updateStock = ({ id, ...body }: StockPatch & { id: number }) =>
  adminRequest<StockItem>('PATCH', `/api/admin/stock/${id}`, { body });

export const useCreateStock = () => useAdminMutation(createStock);
export const useUpdateStock = () => useAdminMutation(updateStock);
