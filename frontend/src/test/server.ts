// MSW server for unit tests. Defaults: a guest session, no Google client id, top-ups on, the
// default 100 MB trial, no server plans, no sub-users, no notifications, the default alerts (no
// webhook, no deliveries), auto top-up off, no pieces, no operator notes on any customer, and no
// usage per credential; a reseller's client's catalogue closed and no proxies handed to it; no
// proxies handed by a reseller to its clients.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { GetResponse } from '@/lib/api-types';

export const guestSession: GetResponse<'/api/getuserinfo'> = { user: null };

export const defaultHandlers = [
  http.get('*/api/config', () =>
    HttpResponse.json<GetResponse<'/api/config'>>({ googleClientId: null, topUps: true, trialMb: 100, slaPercent: 99.96, slaMinCredit: 1, refunds: { days: 7, maxUsedPercent: 10, pieceHours: 24 }, currencies: [] }),
  ),
  http.get('*/api/getuserinfo', () => HttpResponse.json(guestSession)),
  http.get('*/api/admin/users/:id/notes', () => HttpResponse.json({ items: [], total: 0, page: 1, perPage: 10 })),
  http.get('*/api/admin/users/:id/refund-refusal', () => HttpResponse.json({ refusal: null })),
  http.get('*/api/user/plan', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
  // a reseller's client whose reseller sells it nothing
  http.get('*/api/client/catalogue', () => HttpResponse.json({ message: 'Your provider does not sell traffic here: ask your provider' }, { status: 403 })),
  http.get('*/api/client/pieces', () => HttpResponse.json({ items: [] })),
  http.get('*/api/reseller/piece_moves', () => HttpResponse.json({ items: [], total: 0, page: 1, perPage: 10 })),
  // nothing bought yet: nothing to refund (the Plans tab's refund card)
  http.get('*/api/user/refunds/eligibility', () =>
    HttpResponse.json({ eligible: false, amount: 0, gb: 0, reason: 'There is no purchase of this type to refund' }),
  ),
  http.get('*/api/user/get_starts', () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })),
  // no sub-users: the generators offer only the main credential
  http.get('*/api/user/pieces', () => HttpResponse.json({ items: [], total: 0, page: 1, perPage: 20, autoRenewDefault: false })),
  http.get('*/api/user/subusers', () =>
    HttpResponse.json<GetResponse<'/api/user/subusers'>>({ main: { username: 'uexample', maxConnections: null }, items: [] }),
  ),
  // the sub-users' figures side by side: nothing used yet
  http.get('*/api/user/usage/breakdown', ({ request }) =>
    HttpResponse.json({ by: new URL(request.url).searchParams.get('by') ?? '', rows: [] }),
  ),
  http.get('*/api/user/usage/health', ({ request }) =>
    HttpResponse.json({ by: new URL(request.url).searchParams.get('by') ?? '', rows: [] }),
  ),
  http.get('*/api/user/notifications', () =>
    HttpResponse.json<GetResponse<'/api/user/notifications'>>({ items: [], total: 0, page: 1, perPage: 20, unread: 0 }),
  ),
  http.get('*/api/user/auto_topup', () =>
    HttpResponse.json<GetResponse<'/api/user/auto_topup'>>({
      items: [
        { type: 'premium', enabled: false, belowGb: 1, planId: null, lastRunAt: null },
        { type: 'budget', enabled: false, belowGb: 1, planId: null, lastRunAt: null },
      ],
    }),
  ),
  http.get('*/api/user/alerts', () =>
    HttpResponse.json<GetResponse<'/api/user/alerts'>>({
      trafficPercent: [95, 80],
      expiryDays: [3, 1],
      balanceBelow: null,
      email: true,
      dailyReport: false,
      webhookUrl: null,
      webhookSecretSet: false,
    }),
  ),
  http.get('*/api/user/alerts/deliveries', () =>
    HttpResponse.json<GetResponse<'/api/user/alerts/deliveries'>>({ items: [], total: 0, page: 1, perPage: 10 }),
  ),
];

export const server = setupServer(...defaultHandlers);

/** Captures the JSON bodies posted to `path` and answers with `reply`. */
export function capture(path: string, reply: () => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  server.use(
    http.post(`*${path}`, async ({ request }) => {
      bodies.push(await request.json());
      return reply();
    }),
  );
  return bodies;
}
