// The Usage tab's test fixtures: a request record and a breakdown row, the mocked usage routes
// (each query they receive remembered), opening the tab signed in, and capturing saved files.
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { signedIn } from './test-support';
import type { BreakdownRow, RequestRecord } from './usage-records';

// 25 Nov 2026 10:31:05 UTC
export const STARTED = 1_795_602_665;

export const record = (overrides: Partial<RequestRecord> = {}): RequestRecord => ({
  startedAt: STARTED,
  durationMs: 1_234,
  credential: { kind: 'main', id: null, label: 'uabc123' },
  type: 'premium',
  host: 'files.example.com',
  port: 443,
  bytesUp: 517,
  bytesDown: 1_048_741,
  outcome: 'ok',
  reason: null,
  charged: true,
  ...overrides,
});

export const row = (key: string, bytes: number, extra: Partial<BreakdownRow> = {}): BreakdownRow => ({
  key,
  requests: 1,
  bytesUp: 0,
  bytesDown: bytes,
  bytes,
  notCharged: 0,
  ...extra,
});

type Answers = {
  requests?: (query: URLSearchParams) => Response;
  breakdown?: Partial<Record<string, BreakdownRow[]>>;
  breakdownError?: boolean;
};

/** The Usage tab's routes; returns every query sent to the usage record routes. */
export function usageRecord({ requests, breakdown = {}, breakdownError = false }: Answers = {}) {
  const sent: Array<{ path: string; query: Record<string, string> }> = [];
  const remember = (request: Request) => {
    const url = new URL(request.url);
    sent.push({ path: url.pathname, query: Object.fromEntries(url.searchParams) });
    return url.searchParams;
  };
  server.use(
    http.get('*/api/user/get_starts', () =>
      HttpResponse.json({ success: true, premiumStat: { availableTraffic: 0.098, usedTraffic: 0.002 }, budgetStat: { availableTraffic: 0, usedTraffic: 0 } }),
    ),
    http.get('*/api/user/usage', () => HttpResponse.json({ type: 'premium', days: [] })),
    http.get('*/api/user/proxy_history', () => HttpResponse.json({ history: [] })),
    http.get('*/api/user/requests', ({ request }) => {
      const query = remember(request);
      if (requests) return requests(query);
      return HttpResponse.json({ requests: [], total: 0, page: 1, perPage: 50, nextCursor: null });
    }),
    http.get('*/api/user/usage/breakdown', ({ request }) => {
      const query = remember(request);
      if (breakdownError) return HttpResponse.json({ message: 'Something broke' }, { status: 500 });
      const by = query.get('by')!;
      return HttpResponse.json({ by, rows: breakdown[by] ?? [] });
    }),
    http.get('*/api/user/requests.csv', ({ request }) => {
      remember(request);
      return new HttpResponse('started_at,duration_ms\r\n2026-11-25T10:31:05Z,1234\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
    }),
    http.get('*/api/user/requests.json', ({ request }) => {
      remember(request);
      return HttpResponse.json([{ startedAt: 1_796_084_000, host: 'example.com' }]);
    }),
    http.get('*/api/user/requests/exports', () => HttpResponse.json({ items: [] })),
  );
  const last = (path: string, by?: string) => sent.filter((entry) => entry.path === path && (!by || entry.query.by === by)).at(-1)?.query;
  return { sent, last };
}

export async function openUsage() {
  signedIn();
  const rendered = renderAt('/onboard/rotating-proxy');
  await rendered.user.click(await screen.findByRole('tab', { name: 'Usage' }));
  return rendered;
}

export const requestsTable = () => screen.getByRole('table', { name: 'Requests' });

/** Captures the files the page saves (through an object URL and a clicked link) until `restore()`. */
export function captureDownloads() {
  const files: Array<{ name: string; blob: Blob }> = [];
  let pending: Blob | null = null;
  URL.createObjectURL = (blob: Blob) => {
    pending = blob;
    return 'blob:download';
  };
  URL.revokeObjectURL = () => undefined;
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (pending) files.push({ name: this.download, blob: pending });
    pending = null;
  });
  return {
    files,
    restore() {
      click.mockRestore();
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    },
  };
}
