// Shared set-up of the per-piece tests: a signed-in customer, plans, stock and LTE fixtures,
// history and request capture.
import { http, HttpResponse } from 'msw';
import type { HistoryItem } from '@/lib/proxy-history';
import { makeUser } from '@/test/fixtures';
import { preloadRoutes as preload } from '@/test/preload-routes';
import { server } from '@/test/server';
import type { LteRecord } from './lte-filter';

/** Loads the pages of these tests once up front so the first test's lookups do not time out. */
export const preloadRoutes = () => preload('dashboard-layout', 'static-proxy', 'ipv4-proxy', 'lte-proxy', 'generated-proxies');

/** The first lookup of a page waits for its lazy chunks and first queries, slow on a cold run. */
export const FIRST = { timeout: 10_000 };

// 12 Mar 2025 12:05 UTC: the same calendar day in every time zone the tests run in
export const NOON = 1741781100;
export const OLD_PROXY = 'static.gw.test:9000:old-user:old-pass';

export function signedIn(balance = 40) {
  server.use(http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser({ balance }) })));
}

const plan = (id: number, name: string, price: number, amount: number, validityPeriod = '30 days') => ({
  id,
  tag: null,
  name,
  note: null,
  size: null,
  price,
  amount,
  validityPeriod,
  regions: [],
  countrySelection: '',
  protocols: true,
  ipDuration: '',
  availability: '',
});

export const PLANS = {
  static: [plan(21, 'Static 30 days', 2.5, 1)],
  ipv4: [plan(31, 'IPv4 30 days', 1.2, 1)],
  lte: [plan(41, 'LTE 7 days', 9.99, 1, '7 days'), plan(42, 'LTE 1 day', 3.3, 1, '1 day')],
};

/** GET /api/user/plan answers with the plans of the asked type (none for the others). */
export function withPlans(plans: Record<string, unknown[]> = PLANS) {
  server.use(
    http.get('*/api/user/plan', ({ request }) => {
      const type = new URL(request.url).searchParams.get('type') ?? '';
      return HttpResponse.json({ plan: { name: type, plans: plans[type] ?? [] } });
    }),
  );
}

export const staticStock = {
  success: true,
  data: {
    supportedCountries: [
      { code: 'us', name: 'United States', amount: 118 },
      { code: 'de', name: 'Germany', amount: 7 },
      { code: 'fr', name: 'France', amount: 0 },
    ],
    supportedISPs: {
      us: [
        { code: 'us-comcast', name: 'Comcast', amount: 40 },
        { code: 'us-att', name: 'AT&T', amount: 0 },
      ],
      de: [{ code: 'de-telekom', name: 'Telekom', amount: 7 }],
    },
  },
};

export const ipv4Stock = {
  success: true,
  data: [
    { id: 'ipv4-us', code: 'us', name: 'United States', amount: 480 },
    { id: 'ipv4-jp', code: 'jp', name: 'Japan', amount: 0 },
  ],
};

export function withStock() {
  server.use(
    http.get('*/api/user/server_credentials', ({ request }) => {
      const type = new URL(request.url).searchParams.get('type');
      return HttpResponse.json(type === 'static' ? staticStock : ipv4Stock);
    }),
  );
}

export const lteRecords: Record<string, LteRecord[]> = {
  us: [
    { id: 'lte-us-ny-tmobile-https', ip: '198.51.100.20', type: 'HTTPS', isp: 'T-Mobile', city: 'New York', amount: 3 },
    { id: 'lte-us-ny-verizon-wifi', ip: '198.51.100.21', type: 'WIFI', isp: 'Verizon', city: 'New York', amount: 1 },
    { id: 'lte-us-ny-tmobile-socks', ip: '198.51.100.22', type: 'SOCKS5', isp: 'T-Mobile', city: 'New York', amount: 2 },
    { id: 'lte-us-ny-att-socks-wifi', ip: '198.51.100.23', type: 'SOCKS5-WIFI', isp: 'AT&T', city: 'New York', amount: 0 },
    { id: 'lte-us-mia-att-https', ip: '198.51.100.30', type: 'HTTPS', isp: 'AT&T', city: 'Miami', amount: 5 },
  ],
  de: [{ id: 'lte-de-berlin-vodafone-https', ip: '203.0.113.5', type: 'HTTPS', isp: 'Vodafone', city: 'Berlin', amount: 4 }],
};

export function withLte() {
  server.use(
    http.get('*/api/user/lte_credentials', ({ request }) => {
      const country = new URL(request.url).searchParams.get('country');
      if (!country) return HttpResponse.json({ success: true, data: ['us', 'de'] });
      return HttpResponse.json({ success: true, data: lteRecords[country] ?? [] });
    }),
  );
}

/** GET /api/user/proxy_history: `first` until `later()` is called, then whatever `later` returns. */
export function withHistory(first: HistoryItem[] = [{ proxy: OLD_PROXY, createdAt: NOON, type: 'static', expiresAt: NOON + 30 * 86_400, quantity: 1 }]) {
  let answer: () => HistoryItem[] | Promise<HistoryItem[]> = () => first;
  const types: string[] = [];
  server.use(
    http.get('*/api/user/proxy_history', async ({ request }) => {
      types.push(new URL(request.url).searchParams.get('type') ?? '');
      return HttpResponse.json({ history: await answer() });
    }),
  );
  return {
    types,
    later(next: () => HistoryItem[] | Promise<HistoryItem[]>) {
      answer = next;
    },
  };
}

export { capture } from '@/test/server';
