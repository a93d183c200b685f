// Made-up answers of /api/admin/* in the shapes of the API contract, for looking at the console's
// screens (e2e/admin-screenshots.mjs --fixtures) before a server with the admin routes is at hand.
// Never used by the tests.
const DAY = 86_400;
const now = Math.floor(Date.UTC(2026, 10, 24, 12) / 1000);
const days = (n) => Array.from({ length: n }, (_, i) => new Date((now - (n - 1 - i) * DAY) * 1000).toISOString().slice(0, 10));
const wave = (i, base, amp) => Math.max(0, Math.round((base + amp * Math.sin(i / 3) + ((i * 7) % 5)) * 100) / 100);

export function summary(n = 30) {
  const list = days(n);
  return {
    days: n,
    from: list[0],
    to: list.at(-1),
    customers: { total: 1284, disabled: 7, newPerDay: list.map((day, i) => ({ day, count: Math.round(wave(i, 6, 4)) })) },
    topups: { total: 18_420.5, perDay: list.map((day, i) => ({ day, amount: wave(i, 600, 250) })) },
    sales: {
      total: 15_930.25,
      perDay: list.map((day, i) => ({ day, premium: wave(i, 220, 90), budget: wave(i + 2, 120, 50), static: wave(i + 4, 90, 40), lte: wave(i, 40, 20), ipv4: wave(i + 1, 30, 10), ipv6: wave(i + 3, 12, 6) })),
    },
    traffic: { perDay: list.map((day, i) => ({ day, premiumSold: wave(i, 60, 20), premiumUsed: wave(i + 1, 48, 15), budgetSold: wave(i + 2, 40, 12), budgetUsed: wave(i + 3, 35, 10) })) },
    piecesLive: { static: 214, lte: 38, ipv4: 120, ipv6: 61 },
    stock: [
      { type: 'static', capacity: 800, sold: 214, available: 586, low: true, lowEntries: 3 },
      { type: 'lte', capacity: 60, sold: 38, available: 22, low: false, lowEntries: 0 },
      { type: 'ipv4', capacity: 500, sold: 120, available: 380, low: false, lowEntries: 0 },
      { type: 'ipv6', capacity: 1000, sold: 61, available: 939, low: false, lowEntries: 0 },
    ],
    lowStockThreshold: 5,
    paymentsPending: 3,
    ordersPending: 1,
    ordersUnknown: 2,
  };
}

/** Revenue against cost: `gb` sold at `price` per GB, `carried` of it at `cost` per GB. */
function figures(gb, price, carried, cost) {
  const revenue = Math.round(gb * price * 100) / 100;
  const spent = Math.round(carried * cost * 100) / 100;
  const margin = Math.round((revenue - spent) * 100) / 100;
  return { gbSold: gb, revenue, gbCarried: carried, cost: spent, margin, marginPercent: revenue ? Math.round((margin / revenue) * 10_000) / 100 : null };
}

function added(list) {
  const sum = (key) => Math.round(list.reduce((total, f) => total + f[key], 0) * 100) / 100;
  const revenue = sum('revenue');
  const margin = sum('margin');
  return { gbSold: sum('gbSold'), revenue, gbCarried: sum('gbCarried'), cost: sum('cost'), margin, marginPercent: revenue ? Math.round((margin / revenue) * 10_000) / 100 : null };
}

export function margins(n = 30) {
  const list = days(n);
  const pools = [
    { id: 1, name: 'Decodo US', active: true, share: 0.55, cost: 2.2 },
    { id: 2, name: 'Oxylabs EU', active: true, share: 0.35, cost: 3.1 },
    { id: 3, name: 'SOAX (old contract)', active: false, share: 0.1, cost: 5.4 },
  ];
  const kind = (type, price, base, offset) => {
    const perDay = list.map((day, i) => {
      const gb = wave(i + offset, base, base / 3);
      const carried = Math.round(gb * 0.97 * 100) / 100;
      const cost = pools.reduce((total, p) => total + carried * p.share * p.cost, 0) / carried || 0;
      return { day, ...figures(gb, price, carried, cost) };
    });
    return { type, total: added(perDay), perDay };
  };
  const kinds = [kind('premium', 5.5, 48, 0), kind('budget', 3.2, 35, 3)];
  const poolRows = pools.map((p) => {
    const perDay = list.map((day, i) => {
      const carried = Math.round((kinds[0].perDay[i].gbCarried + kinds[1].perDay[i].gbCarried) * p.share * 100) / 100;
      return { day, ...figures(carried, 4.4, carried, p.cost) };
    });
    return { id: p.id, name: p.name, active: p.active, total: added(perDay), perDay };
  });
  return { days: n, from: list[0], to: list.at(-1), total: added(kinds.map((k) => k.total)), kinds, pools: poolRows };
}

const hosts = ['api.shop-target.com', 'www.example.org', 'cdn.images.example', 'login.bank.example', 'search.example.net'];
const connections = {
  requests: hosts.map((host, i) => ({
    startedAt: now - i * 97,
    durationMs: 1200 + i * 300,
    credential: { kind: 'main', id: null, label: 'u100proxy' },
    type: i % 2 ? 'budget' : 'premium',
    host,
    port: 443,
    bytesUp: 20_000 + i * 5_000,
    bytesDown: 3_500_000 * (i + 1),
    outcome: i === 3 ? 'refused' : 'ok',
    reason: i === 3 ? 'no_traffic' : null,
    upstream: i === 3 ? null : i % 2 ? { id: 2, name: 'Oxylabs EU' } : { id: 1, name: 'Decodo US' },
  })),
  total: 5,
  totalCapped: false,
  page: 1,
  perPage: 20,
};

const names = ['alice.martin', 'bob.nguyen', 'carla.rossi', 'dmitri.ivanov', 'emma.schmidt', 'farid.haddad', 'grace.kim', 'hugo.lefevre', 'ines.garcia', 'jon.berg'];
export const users = names.map((name, i) => ({
  id: 100 - i,
  email: `${name}@example.com`,
  name: name.split('.').map((p) => p[0].toUpperCase() + p.slice(1)).join(' '),
  role: i === 3 ? 'admin' : 'user',
  balance: Math.round(wave(i, 40, 35) * 100) / 100,
  disabled: i === 6,
  refCode: `REF${1000 + i}`,
  proxyUsername: `u${100 - i}x7k2`,
  createdAt: now - i * 3 * DAY,
  lastLoginAt: i === 8 ? null : now - i * 3600,
}));

export function userDetail(id) {
  const row = users.find((u) => u.id === id) ?? users[0];
  return {
    user: { ...row, phone: '+49 30 1234567', avatarUrl: null, updatedAt: now, referrer: { id: 91, email: 'jon.berg@example.com' }, referredCount: 2 },
    traffic: [
      { type: 'premium', purchased: 10, used: 1.25, available: 8.75, expiresAt: now + 20 * DAY },
      { type: 'budget', purchased: 5, used: 4.1, available: 0.9, expiresAt: now + 3 * DAY },
    ],
    pieces: [
      { id: 501, type: 'static', host: '185.199.10.21', port: 12345, username: 'st_8f2k', country: 'US', expiresAt: now + 25 * DAY },
      { id: 502, type: 'ipv4', host: '45.87.3.110', port: 8000, username: 'dc_1a9z', country: 'DE', expiresAt: now + 12 * DAY },
    ],
    payments: [
      { id: 'pay_7Hk2mQ', amount: 25, currency: 'USDT', provider: 'cryptomus', status: 'paid', createdAt: now - 2 * DAY, creditedAt: now - 2 * DAY + 300 },
      { id: 'pay_3Jx9pL', amount: 10, currency: 'LTC', provider: 'cryptomus', status: 'pending', createdAt: now - 3600, creditedAt: null },
    ],
    usage: days(30).flatMap((day, i) => [
      { day, type: 'premium', bytes: Math.round(wave(i, 0.08, 0.05) * 1e9) },
      { day, type: 'budget', bytes: Math.round(wave(i + 3, 0.12, 0.06) * 1e9) },
    ]),
  };
}

export const ledger = {
  items: [
    { id: 9, kind: 'admin_adjustment', amount: 5, balanceAfter: 32.5, reference: 'admin_k2j3', note: 'Goodwill credit after outage', createdAt: now - 600 },
    { id: 8, kind: 'purchase', amount: -15, balanceAfter: 27.5, reference: 'plan_12', note: null, createdAt: now - DAY },
    { id: 7, kind: 'topup', amount: 25, balanceAfter: 42.5, reference: 'pay_7Hk2mQ', note: null, createdAt: now - 2 * DAY },
    { id: 6, kind: 'referral_bonus', amount: 2.5, balanceAfter: 17.5, reference: 'ref_3', note: null, createdAt: now - 5 * DAY },
  ],
  total: 4,
  page: 1,
  perPage: 20,
};

const kinds = ['premium', 'budget', 'static', 'lte', 'ipv4', 'ipv6'];
export const plans = kinds.flatMap((type, k) =>
  [1, 2, 3].map((n) => ({
    id: k * 10 + n,
    type,
    name: type === 'premium' || type === 'budget' ? `${n * 5} GB` : `${n === 1 ? 'Single' : `${n * 5} pack`}`,
    tag: n === 2 ? 'Popular' : null,
    note: null,
    price: Math.round((n * 5 * (k + 2)) * 100) / 100 - 0.01,
    amount: type === 'premium' || type === 'budget' ? n * 5 : n === 1 ? 1 : n * 5,
    validityDays: 30,
    regions: ['US', 'DE', 'JP'],
    features: {},
    active: n !== 3,
    sort: n,
    availableUntil: null,
    sold: n === 1 ? 0 : n * 17,
    createdAt: now - 60 * DAY,
    updatedAt: now - DAY,
  })),
);

const countries = ['US', 'DE', 'GB', 'FR', 'JP', 'NL'];
export const stock = ['static', 'lte', 'ipv4', 'ipv6'].flatMap((type, k) =>
  countries.slice(0, 4).map((country, c) => {
    const capacity = [100, 40, 3, 250][c];
    const sold = [30, 38, 0, 12][c];
    return { id: k * 10 + c + 1, type, code: `${country}-${type.toUpperCase()}-${c}`, country, isp: `isp${c}`, ispName: ['Comcast', 'Deutsche Telekom', 'BT', 'Orange'][c], city: ['New York', 'Berlin', 'London', 'Paris'][c], connType: type === 'lte' ? 'HTTPS' : null, ip: null, capacity, sold, available: capacity - sold, active: c !== 3 };
  }),
);

const statuses = ['unknown', 'pending', 'delivered', 'failed', 'delivered', 'unknown', 'delivered'];
export const orders = statuses.map((status, i) => ({
  id: 9000 - i,
  userId: users[i % users.length].id,
  userEmail: users[i % users.length].email,
  type: ['static', 'ipv4', 'lte', 'ipv6'][i % 4],
  planId: 12,
  country: countries[i % countries.length],
  isp: i % 2 ? 'comcast' : null,
  quantity: (i % 3) + 1,
  price: ((i % 3) + 1) * 3,
  status,
  source: 'proxyseller',
  upstreamOrderId: i % 2 ? `PS-${77000 + i}` : null,
  createdAt: now - i * 5000,
  updatedAt: now - i * 4000,
}));

const payStatuses = ['pending', 'paid', 'paid', 'expired', 'wrong_amount', 'paid_over', 'pending', 'cancel'];
export const payments = payStatuses.map((status, i) => ({
  id: `pay_${(0x5f3a9 + i * 977).toString(36)}`,
  userId: users[i % users.length].id,
  userEmail: users[i % users.length].email,
  amount: [10, 25, 50, 5, 20, 100, 15, 30][i],
  currency: ['USDT', 'LTC', 'TRX', 'DOGE'][i % 4],
  provider: 'cryptomus',
  providerUuid: `c0ffee${i}a-1b2c-4d5e-8f90-${(1234567890 + i).toString(16)}`,
  status,
  createdAt: now - i * 7200,
  updatedAt: now - i * 7000,
  creditedAt: status.startsWith('paid') ? now - i * 7000 : null,
  expiresAt: now - i * 7200 + 3600,
}));

export function paymentDetail(id) {
  const payment = payments.find((p) => p.id === id) ?? payments[1];
  return {
    payment,
    events: [
      { status: 'pending', createdAt: payment.createdAt },
      ...(payment.status === 'pending' ? [] : [{ status: payment.status, createdAt: payment.updatedAt }]),
    ],
    report: { uuid: payment.providerUuid, order_id: payment.id, amount: String(payment.amount), payment_amount: String(payment.amount), currency: payment.currency, network: 'tron', status: payment.status, is_final: payment.status !== 'pending', txid: '9f1c2b7e0a' },
  };
}

export const audit = [
  { action: 'user.balance', target: 'user:100', reason: 'Goodwill credit after outage', before: { balance: 27.5 }, after: { balance: 32.5 } },
  { action: 'user.disable', target: 'user:94', reason: 'Chargeback fraud report', before: { disabled: false, sessions: 2 }, after: { disabled: true, sessions: 0 } },
  { action: 'plan.update', target: 'plan:12', reason: null, before: { price: 28, name: '10 GB', active: true }, after: { price: 26, name: '10 GB', active: true } },
  { action: 'stock.update', target: 'stock:3', reason: null, before: { capacity: 10, active: true }, after: { capacity: 3, active: true } },
  { action: 'order.resolve', target: 'order:8995', reason: 'Provider confirmed failure by email', before: { status: 'unknown' }, after: { status: 'failed', refund: 9 } },
  { action: 'plan.create', target: 'plan:61', reason: null, before: null, after: { type: 'ipv6', name: 'Single', price: 1.99, amount: 1 } },
  { action: 'payment.check', target: `payment:${payments[0].id}`, reason: null, before: { status: 'pending' }, after: { status: 'pending' } },
].map((entry, i) => ({ id: 300 - i, actorId: 97, actorEmail: 'dmitri.ivanov@example.com', createdAt: now - i * 2400, ...entry }));

const pageOf = (items, url) => {
  const page = Number(url.searchParams.get('page') ?? 1);
  const perPage = Number(url.searchParams.get('perPage') ?? 50);
  return { items: items.slice((page - 1) * perPage, page * perPage), total: items.length, page, perPage };
};

const notes = [
  { id: 2, text: 'Prefers email over chat.', authorId: 97, authorEmail: 'dmitri.ivanov@example.com', createdAt: now - 3600 },
  { id: 1, text: 'Asked about refunds for the outage on 20 Nov.\nCredited $5 as goodwill.', authorId: 97, authorEmail: 'dmitri.ivanov@example.com', createdAt: now - 2 * DAY },
];

/** What the customer sees (GET /api/admin/users/{id}/view-as), passwords masked as the server masks them. */
function viewAs(id) {
  const detail = userDetail(id);
  const { user } = detail;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    balance: user.balance,
    proxyUsername: user.proxyUsername,
    proxyPassword: '••••••',
    traffic: detail.traffic,
    usage: detail.usage,
    lines: [
      { type: 'premium', proxy: `gw.proxyshop.test:7777:${user.proxyUsername}-country-us-session-a1b2:••••••`, createdAt: now - 3600, expiresAt: null },
      { type: 'static', proxy: '185.199.10.21:12345:st_8f2k:••••••', createdAt: now - DAY, expiresAt: now + 25 * DAY },
    ],
    pieces: detail.pieces,
    ledger: ledger.items.slice(0, 10),
  };
}

/** The answer to one admin GET, or null when it has none. */
export function answer(url) {
  const path = url.pathname;
  let match;
  if (path === '/api/admin/summary') return summary(Number(url.searchParams.get('days') ?? 30));
  if (path === '/api/admin/margins') return margins(Number(url.searchParams.get('days') ?? 30));
  if (path === '/api/admin/users') return pageOf(users, url);
  if (/^\/api\/admin\/users\/\d+\/ledger$/.test(path)) return ledger;
  if ((match = /^\/api\/admin\/users\/(\d+)$/.exec(path))) return userDetail(Number(match[1]));
  if (/^\/api\/admin\/users\/\d+\/requests$/.test(path)) return connections;
  if (/^\/api\/admin\/users\/\d+\/notes$/.test(path)) return { items: notes, total: notes.length, page: 1, perPage: 10 };
  if ((match = /^\/api\/admin\/users\/(\d+)\/view-as$/.exec(path))) return viewAs(Number(match[1]));
  if (path === '/api/admin/plans') return { items: plans.filter((p) => !url.searchParams.get('type') || p.type === url.searchParams.get('type')) };
  if (path === '/api/admin/stock') return { items: stock.filter((s) => !url.searchParams.get('type') || s.type === url.searchParams.get('type')) };
  if (path === '/api/admin/orders') return pageOf(orders.filter((o) => !url.searchParams.get('status') || o.status === url.searchParams.get('status')), url);
  if (path === '/api/admin/payments') return pageOf(payments, url);
  if ((match = /^\/api\/admin\/payments\/([^/]+)$/.exec(path))) return paymentDetail(decodeURIComponent(match[1]));
  if (path === '/api/admin/audit') return pageOf(audit, url);
  return null;
}
