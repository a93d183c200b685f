// The operator console's wire shapes (/api/admin/*), word for word from the API contract of the
// admin routes (docs/api.md conventions: camelCase, money in dollars, traffic in GB, times in unix
// seconds, days as YYYY-MM-DD UTC). The routes the server's OpenAPI document lists already come
// from the generated types (src/types/api.ts); the others are hand-kept to the contract until it
// lists them too.
import type { Schemas } from '@/lib/api-types';

export type Role = 'admin' | 'user';
export type TrafficKind = 'premium' | 'budget';
export type PieceKind = 'static' | 'lte' | 'ipv4' | 'ipv6';
export type Kind = TrafficKind | PieceKind;

/** A paged list: `page` is 1-based, `perPage` at most 200. */
export type Page<T> = { items: T[]; total: number; page: number; perPage: number };

// ---- Overview: GET /api/admin/summary?days= (generated from the server's OpenAPI document)

export type Summary = Schemas['AdminSummary'];
export type StockSummary = Schemas['SummaryStock'];

// ---- Customers

export type AdminUserRow = {
  id: number;
  email: string;
  name: string;
  role: Role;
  balance: number;
  disabled: boolean;
  refCode: string;
  proxyUsername: string;
  createdAt: number;
  lastLoginAt: number | null;
};

export type AdminUserDetail = AdminUserRow & {
  phone: string | null;
  avatarUrl: string | null;
  updatedAt: number;
  referrer: { id: number; email: string } | null;
  referredCount: number;
};

export type TrafficRow = { type: TrafficKind; purchased: number; used: number; available: number; expiresAt: number | null };
export type LivePiece = { id: number; type: PieceKind; host: string; port: number; username: string; country: string; expiresAt: number };
export type UserPayment = {
  id: string;
  amount: number;
  currency: string;
  provider: string;
  status: string;
  createdAt: number;
  creditedAt: number | null;
};
export type UsageDay = { day: string; type: Kind; bytes: number };

export type CustomerDetail = {
  user: AdminUserDetail;
  traffic: TrafficRow[];
  pieces: LivePiece[];
  payments: UserPayment[];
  usage: UsageDay[];
};

export type LedgerItem = {
  id: number;
  kind: string;
  amount: number;
  balanceAfter: number;
  reference: string;
  note: string | null;
  createdAt: number;
};

export type UsersFilter = { q: string; role: Role | ''; disabled: '' | 'true' | 'false'; page: number; perPage: number };

export type BalanceBody = { amount: number; reason: string };
export type BalanceAnswer = { user: AdminUserRow; entry: LedgerItem };
export type TrafficBody = { type: TrafficKind; gb: number; reason: string };
export type TrafficAnswer = { traffic: TrafficRow };
export type UserAnswer = { user: AdminUserRow };

// ---- Plans

export type AdminPlan = {
  id: number;
  type: Kind;
  name: string;
  tag: string | null;
  note: string | null;
  price: number;
  amount: number;
  validityDays: number;
  regions: string[];
  features: Record<string, unknown>;
  active: boolean;
  sort: number;
  availableUntil: number | null;
  sold: number;
  createdAt: number;
  updatedAt: number;
};

export type PlanBody = {
  type: Kind;
  name: string;
  tag?: string | null;
  note?: string | null;
  price: number;
  amount: number;
  validityDays: number;
  regions?: string[];
  features?: Record<string, unknown>;
  active?: boolean;
  sort?: number;
  availableUntil?: number | null;
};
export type PlanPatch = Partial<Omit<PlanBody, 'type'>>;
export type PlanDeleted = { deleted: true } | { deleted: false; plan: AdminPlan };

// ---- Stock

export type StockItem = {
  id: number;
  type: PieceKind;
  code: string;
  country: string;
  isp: string | null;
  ispName: string | null;
  city: string | null;
  connType: string | null;
  ip: string | null;
  capacity: number;
  sold: number;
  available: number;
  active: boolean;
};

export type StockBody = {
  type: PieceKind;
  code?: string;
  country: string;
  isp?: string;
  ispName?: string;
  city?: string;
  connType?: string;
  ip?: string;
  capacity: number;
};
export type StockPatch = { capacity?: number; active?: boolean };

// ---- Orders

export type OrderStatus = 'pending' | 'delivered' | 'failed' | 'unknown';
export type AdminOrder = {
  id: number;
  userId: number;
  userEmail: string;
  type: Kind;
  planId: number | null;
  country: string | null;
  isp: string | null;
  quantity: number;
  price: number;
  status: string;
  source: string;
  upstreamOrderId: string | null;
  createdAt: number;
  updatedAt: number;
};
export type OrdersFilter = { status: string; type: string; q: string; page: number; perPage: number };
export type ResolveBody = { outcome: 'failed' | 'delivered'; proxies?: string[]; reason: string };

// ---- Payments

export type AdminPayment = {
  id: string;
  userId: number;
  userEmail: string;
  amount: number;
  currency: string;
  provider: string;
  providerUuid: string | null;
  status: string;
  createdAt: number;
  updatedAt: number;
  creditedAt: number | null;
  expiresAt: number | null;
};
export type PaymentsFilter = { status: string; q: string; page: number; perPage: number };
export type PaymentDetail = { payment: AdminPayment; events: Array<{ status: string; createdAt: number }>; report: unknown };
export type PaymentChecked = { payment: AdminPayment; changed: boolean };

// ---- Audit log

export type AuditEntry = {
  id: number;
  actorId: number | null;
  actorEmail: string | null;
  action: string;
  target: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  createdAt: number;
};
export type AuditFilter = { actor: string; action: string; target: string; page: number; perPage: number };
