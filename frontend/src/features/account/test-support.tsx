// Shared set-up of the settings tests: a signed-in customer whose user the server keeps (so a
// refetch after a change sees the change), the security lists, and captured requests.
import { http, HttpResponse } from 'msw';
import type { User } from '@/lib/api-types';
import { makeUser } from '@/test/fixtures';
import { preloadRoutes as preload } from '@/test/preload-routes';
import { server } from '@/test/server';
import type { ApiKey } from '@/lib/api-keys';
import type { Schemas } from '@/lib/api-types';
import type { AllowablePiece } from './api/own-pieces';
import type { SubuserList } from '@/lib/subusers';
import type { AllowlistEntry } from './api/allowlist';
import type { AccountSession } from './api/sessions';

type TwoFactorStatus = Schemas['TwoFactorStatus'];

export const preloadRoutes = () => preload('dashboard-layout', 'settings');


/** The first lookup on a page: its chunk may still be compiling on a busy machine. */
export const SLOW = { timeout: 10_000 };

export const NOON = 1741781100; // 12 Mar 2025 12:05 UTC

// in the server's order (newest sign-in first), which need not put this device first
export const sessions: AccountSession[] = [
  { id: 'h-phone', createdAt: NOON + 3_600, lastSeenAt: null, ip: '198.51.100.4', device: 'Safari on iPhone', current: false },
  { id: 'h-current', createdAt: NOON, lastSeenAt: NOON + 60, ip: '203.0.113.7', device: 'Chrome on Windows', current: true },
];

export const readKey: ApiKey = {
  id: 7,
  name: 'scraper',
  prefix: 'psk_AbC123',
  scopes: ['read'],
  expiresAt: null,
  allowedIps: [],
  lastUsedAt: null,
  createdAt: NOON,
};

type Options = {
  user?: Partial<User>;
  twoFactor?: TwoFactorStatus;
  keys?: ApiKey[];
  allowlist?: AllowlistEntry[];
  subusers?: SubuserList;
  /** The customer's pieces: GET /api/user/allowlist_pieces lists the unexpired ones. */
  pieces?: AllowablePiece[];
  billing?: Schemas['BillingView'];
  /** The customer's own blocked destinations (GET /api/user/blocklist). */
  blocklist?: string[];
};

/** A signed-in customer; `state.user` is what GET /api/getuserinfo answers now. */
export function account({
  user = {},
  twoFactor = { enabled: false, recoveryCodesLeft: 0 },
  keys = [],
  allowlist = [],
  subusers = { main: { username: 'uabc', maxConnections: null }, items: [] },
  pieces = [],
  billing = { company: '', address: '', vatId: '' },
  blocklist = [],
}: Options = {}) {
  const state = { user: makeUser(user), twoFactor, keys, allowlist, subusers, pieces, billing, blocklist };
  server.use(
    http.get('*/api/getuserinfo', () => HttpResponse.json({ user: state.user })),
    http.get('*/api/user/2fa', () => HttpResponse.json(state.twoFactor)),
    http.get('*/api/user/sessions', () => HttpResponse.json({ items: sessions })),
    http.get('*/api/user/api-keys', () => HttpResponse.json({ items: state.keys })),
    http.get('*/api/user/allowlist', () => HttpResponse.json({ items: state.allowlist })),
    http.get('*/api/user/subusers', () => HttpResponse.json(state.subusers)),
    http.get('*/api/user/billing', () => HttpResponse.json(state.billing)),
    http.get('*/api/user/blocklist', () => HttpResponse.json({ patterns: state.blocklist })),
    http.get('*/api/user/allowlist_pieces', () =>
      HttpResponse.json({ items: state.pieces.filter((piece) => piece.expiresAt > Date.now() / 1000) }),
    ),
  );
  return state;
}

/** A request as the server saw it: method, path and JSON body (if any). */
export type Seen = { method: string; path: string; body: unknown };

export function record(method: 'post' | 'put' | 'patch' | 'delete', path: string, reply: (body: unknown) => Response) {
  const seen: Seen[] = [];
  server.use(
    http[method](`*${path}`, async ({ request }) => {
      const text = await request.text();
      let body: unknown = text || null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // a multipart upload: keep the raw text
      }
      seen.push({ method: request.method, path: new URL(request.url).pathname, body });
      return reply(body);
    }),
  );
  return seen;
}

export const json = (body: unknown, status = 200) => HttpResponse.json(body as Record<string, unknown>, { status });
