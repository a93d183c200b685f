// Test data for the console's tests, shaped by ../types.ts, and the MSW handlers a signed-in admin
// needs.
import { http, HttpResponse } from 'msw';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/server';
import type { AdminCoupon, AdminOrder, AdminPlan, AdminUserRow, CustomerDetail, MarginFigures, Margins, Page, StockItem, Summary } from '../types';

export const T0 = 1_764_000_000;

export function days(count: number, from = '2026-11-01'): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) => new Date(start + index * 86_400_000).toISOString().slice(0, 10));
}

export function makeSummary(overrides: Partial<Summary> = {}): Summary {
  const list = days(3);
  return {
    days: 30,
    from: list[0]!,
    to: list[2]!,
    customers: { total: 12, disabled: 1, newPerDay: list.map((day) => ({ day, count: 1 })) },
    topups: { total: 123.45, perDay: list.map((day) => ({ day, amount: 10 })) },
    sales: { total: 99.5, perDay: list.map((day) => ({ day, premium: 1, budget: 0, static: 2, lte: 0, ipv4: 0, ipv6: 0 })) },
    traffic: { perDay: list.map((day) => ({ day, premiumSold: 5, premiumUsed: 1, budgetSold: 0, budgetUsed: 0 })) },
    piecesLive: { static: 3, lte: 0, ipv4: 1, ipv6: 0 },
    stock: [
      { type: 'static', capacity: 100, sold: 3, available: 97, low: true, lowEntries: 2 },
      { type: 'ipv4', capacity: 50, sold: 0, available: 50, low: false, lowEntries: 0 },
    ],
    lowStockThreshold: 5,
    paymentsPending: 1,
    ordersPending: 0,
    ordersUnknown: 2,
    ...overrides,
  };
}

export function makeFigures(overrides: Partial<MarginFigures> = {}): MarginFigures {
  return { gbSold: 0, revenue: 0, gbCarried: 0, cost: 0, margin: 0, marginPercent: null, ...overrides };
}

/** Three days of margins: Premium through one pool, Budget idle. */
export function makeMargins(overrides: Partial<Margins> = {}): Margins {
  const list = days(3);
  const premium = makeFigures({ gbSold: 2, revenue: 6, gbCarried: 1.5, cost: 2.25, margin: 3.75, marginPercent: 62.5 });
  const perDay = (figures: MarginFigures) => list.map((day, index) => ({ day, ...(index === 2 ? figures : makeFigures()) }));
  return {
    days: 30,
    from: list[0]!,
    to: list[2]!,
    total: premium,
    kinds: [
      { type: 'premium', total: premium, perDay: perDay(premium) },
      { type: 'budget', total: makeFigures(), perDay: perDay(makeFigures()) },
    ],
    pools: [{ id: 4, name: 'Decodo US', active: true, total: premium, perDay: perDay(premium) }],
    ...overrides,
  };
}

export function makeRow(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id: 7,
    email: 'a@b.c',
    name: 'Alice',
    role: 'user',
    balance: 0,
    disabled: false,
    refCode: 'REF7',
    proxyUsername: 'u7proxy',
    createdAt: T0,
    lastLoginAt: null,
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<AdminUserRow> = {}): CustomerDetail {
  return {
    user: { ...makeRow(overrides), phone: null, avatarUrl: null, updatedAt: T0, referrer: null, referredCount: 0, pendingEmail: null, resellerId: null, suspended: false },
    traffic: [
      { type: 'premium', purchased: 10, used: 1.25, available: 8.75, expiresAt: T0 + 86_400 },
      { type: 'budget', purchased: 0, used: 0, available: 0, expiresAt: null },
    ],
    pieces: [],
    payments: [],
    usage: [{ day: '2026-11-01', type: 'premium', bytes: 1_250_000_000 }],
    reseller: null,
  };
}

export function page<T>(items: T[], total = items.length): Page<T> {
  return { items, total, page: 1, perPage: 50 };
}

export function makePlan(overrides: Partial<AdminPlan> = {}): AdminPlan {
  return {
    id: 3,
    type: 'premium',
    name: 'Starter',
    tag: null,
    note: null,
    price: 15,
    amount: 5,
    validityDays: 30,
    regions: ['US'],
    features: {},
    active: true,
    sort: 0,
    availableUntil: null,
    sold: 0,
    tiers: [],
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

export function makeCoupon(overrides: Partial<AdminCoupon> = {}): AdminCoupon {
  return {
    id: 5,
    code: 'SPRING20',
    percentOff: 20,
    amountOff: null,
    kinds: [],
    planIds: [],
    minSpend: null,
    maxUses: null,
    maxUsesPerCustomer: 1,
    firstPurchaseOnly: false,
    validFrom: null,
    validUntil: null,
    active: true,
    uses: 0,
    revenue: 0,
    discountGiven: 0,
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

export function makeStock(overrides: Partial<StockItem> = {}): StockItem {
  return {
    id: 11,
    type: 'static',
    code: 'US-ATT',
    country: 'US',
    isp: 'att',
    ispName: 'AT&T',
    city: null,
    connType: null,
    ip: null,
    capacity: 100,
    sold: 30,
    available: 70,
    active: true,
    ...overrides,
  };
}

export function makeOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id: 42,
    userId: 7,
    userEmail: 'a@b.c',
    type: 'static',
    planId: 5,
    country: 'US',
    isp: 'att',
    quantity: 2,
    price: 6,
    status: 'unknown',
    source: 'proxyseller',
    upstreamOrderId: 'PS-9',
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

/** A signed-in administrator. */
/** An operator's session, the overview's margins (`makeMargins`) that every overview asks for, and no
 * connection records nor prices of their own on any customer page. */
export function signedInAdmin() {
  server.use(
    http.get('*/api/admin/users/:id/requests', () => HttpResponse.json({ requests: [], total: 0, totalCapped: false, page: 1, perPage: 20 })),
    http.get('*/api/admin/users/:id/prices', () => HttpResponse.json({ prices: [] })),
    http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser({ role: 'admin', name: 'Root Admin', email: 'root@shop.test' }) })),
    http.get('*/api/admin/margins', () => HttpResponse.json(makeMargins())),
  );
}

/** jsdom has no ResizeObserver; Recharts' responsive container needs one. */
export function stubResizeObserver() {
  class ResizeObserverStub {
    observe() {
      return undefined;
    }
    unobserve() {
      return undefined;
    }
    disconnect() {
      return undefined;
    }
  }
  vi.stubGlobal('ResizeObserver', ResizeObserverStub);
}

/** The JSON bodies of the calls a handler received. */
export function recorder() {
  const bodies: unknown[] = [];
  return {
    bodies,
    async record(request: Request) {
      bodies.push(await request.json());
    },
  };
}
