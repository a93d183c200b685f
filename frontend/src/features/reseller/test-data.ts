// Test data of the reseller console, shaped by the generated API types.
import { http, HttpResponse } from 'msw';
import type { Schemas } from '@/lib/api-types';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/server';

export const T0 = 1_764_547_200; // 2025-12-01 00:00 UTC

export function traffic(type: 'premium' | 'budget', availableGb: number, usedGb = 0): Schemas['TrafficView'] {
  const available = Math.round(availableGb * 1e9);
  const used = Math.round(usedGb * 1e9);
  return { type, totalBytes: available + used, usedBytes: used, availableBytes: available, movableBytes: available, availableGb, expiresAt: null };
}

export function makeClient(overrides: Partial<Schemas['ClientView']> = {}): Schemas['ClientView'] {
  return {
    id: 7,
    email: 'acme@client.test',
    name: 'Acme',
    note: null,
    status: 'active',
    suspended: false,
    disabled: false,
    createdAt: T0,
    traffic: [traffic('premium', 0), traffic('budget', 0)],
    ...overrides,
  };
}

export function account(overrides: Partial<Schemas['ResellerView']> = {}): Schemas['ResellerView'] {
  return { discountPercent: 20, maxClients: 10, clients: 1, traffic: [traffic('premium', 20, 5), traffic('budget', 0)], ...overrides };
}

/** A signed-in reseller with these clients (GET answers read `clients` each time, so a test can change it). */
export function signedInReseller(state: { clients: Schemas['ClientView'][]; account?: Schemas['ResellerView'] }) {
  server.use(
    http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser({ reseller: true }) })),
    http.get('*/api/reseller/account', () => HttpResponse.json(state.account ?? account({ clients: state.clients.length }))),
    http.get('*/api/reseller/clients', () => HttpResponse.json({ items: state.clients, total: state.clients.length, page: 1, perPage: 20 })),
  );
}

/** Collects the JSON bodies a handler received. */
export function bodies() {
  const seen: unknown[] = [];
  return { seen, record: async (request: Request) => void seen.push(await request.json()) };
}
