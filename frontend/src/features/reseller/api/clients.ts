// The reseller's clients: GET and POST /api/reseller/clients, PATCH and DELETE
// /api/reseller/clients/{id}, and moving traffic (POST …/allocate, …/reclaim).
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { clientsQueryOptions } from '@/lib/reseller-clients';
import { useResellerMutation } from './use-reseller-mutation';

export { CLIENTS_PER_PAGE } from '@/lib/reseller-clients';

export type Client = Schemas['ClientView'];
export type ClientTraffic = Schemas['TrafficView'];
export type NewClient = Schemas['CreateClientRequest'];
export type ClientChange = Schemas['UpdateClientRequest'];
export type Allocation = Schemas['AllocateRequest'];

export function useClients(page: number) {
  return useQuery(clientsQueryOptions(page));
}

export function useCreateClient() {
  return useResellerMutation((body: NewClient) => unwrap(api.POST('/api/reseller/clients', { body })));
}

export function useChangeClient() {
  return useResellerMutation(({ id, body }: { id: number; body: ClientChange }) =>
    unwrap(api.PATCH('/api/reseller/clients/{id}', { params: { path: { id } }, body })),
  );
}

export function useDeleteClient() {
  return useResellerMutation((id: number) => unwrap(api.DELETE('/api/reseller/clients/{id}', { params: { path: { id } } })));
}

export function useAllocate() {
  return useResellerMutation(({ id, body }: { id: number; body: Allocation }) =>
    unwrap(api.POST('/api/reseller/clients/{id}/allocate', { params: { path: { id } }, body })),
  );
}

export function useReclaim() {
  return useResellerMutation(({ id, body }: { id: number; body: Schemas['ReclaimRequest'] }) =>
    unwrap(api.POST('/api/reseller/clients/{id}/reclaim', { params: { path: { id } }, body })),
  );
}
