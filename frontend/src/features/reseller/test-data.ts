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

/** 1 Jan 2100 12:00 UTC: a piece that works. */
export const FUTURE = 4_102_488_000;

/** One of the reseller's own pieces (GET /api/user/pieces), held by no client unless `clientId`. */
export function ownPiece(id: number, overrides: Partial<Schemas['PieceView']> = {}): Schemas['PieceView'] {
  return {
    id,
    type: 'static',
    host: 'gw.proxyshop.test',
    port: 8000 + id,
    country: 'us',
    city: 'New York',
    expiresAt: FUTURE,
    autoRenew: false,
    state: 'live',
    renewableUntil: FUTURE + 86_400,
    renewalPrice: 3.5,
    renewalDays: 30,
    orderId: 100 + id,
    username: `pc_user${id}`,
    password: `secret${id}`,
    isp: 'Comcast',
    exitIp: null,
    checkable: true,
    lastCheck: null,
    clientId: null,
    ...overrides,
  };
}

/** A piece as the client holding it sees it (the brand's host). */
export function heldPiece(id: number, overrides: Partial<Schemas['HeldPieceView']> = {}): Schemas['HeldPieceView'] {
  return { id, type: 'static', host: 'proxy.acme.test', port: 8000 + id, username: `pc_user${id}`, password: `secret${id}`, country: 'us', city: 'New York', expiresAt: FUTURE, ...overrides };
}
