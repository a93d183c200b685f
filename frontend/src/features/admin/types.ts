// The operator console's wire shapes (/api/admin/*), read from the types generated from the
// server's OpenAPI document (src/types/api.ts, `make openapi`), under the names the screens use.
// Only the list filters and the kind names are the console's own.
import type { Schemas } from '@/lib/api-types';

export type Role = 'admin' | 'user';
export type TrafficKind = 'premium' | 'budget';
export type PieceKind = 'static' | 'lte' | 'ipv4' | 'ipv6';
export type Kind = TrafficKind | PieceKind;

/** A paged list: `page` is 1-based, `perPage` at most 200. */
export type Page<T> = { items: T[]; total: number; page: number; perPage: number };

// Overview: GET /api/admin/summary?days=
export type Summary = Schemas['AdminSummary'];
export type StockSummary = Schemas['SummaryStock'];
// Overview: GET /api/admin/margins?days=
export type Margins = Schemas['AdminMargins'];
export type MarginFigures = Schemas['MarginFigures'];

// Customers
export type AdminUserRow = Schemas['AdminUserRow'];
export type AdminUserDetail = Schemas['AdminUserDetail'];
export type CustomerDetail = Schemas['AdminUserView'];
export type TrafficRow = Schemas['TrafficRow'];
export type LivePiece = Schemas['AdminUserPiece'];
export type UserPayment = Schemas['AdminUserPayment'];
export type UsageDay = Schemas['AdminUsageDay'];
export type LedgerEntry = Schemas['LedgerEntry'];
export type CustomerNote = Schemas['CustomerNote'];
export type CustomerOverview = Schemas['CustomerOverview'];
export type MaskedLine = Schemas['MaskedLine'];
export type AdminRequestRecord = Schemas['AdminRequestRecord'];
export type UsersFilter = { q: string; role: Role | ''; disabled: '' | 'true' | 'false'; page: number; perPage: number };

// Plans
export type AdminPlan = Schemas['AdminPlan'];
/** POST and PATCH take the same form; PATCH leaves the kind out. */
/** A whole plan, as a new plan is posted; an edit sends it without the kind (`PlanPatch`). */
export type PlanBody = Schemas['NewPlanForm'];
export type PlanPatch = Schemas['PlanForm'];
/** One volume price of a traffic plan: from `minGb` GB up, `pricePerGb` USD per GB. */
export type PlanTier = Schemas['TierForm'];

// Coupons
export type AdminCoupon = Schemas['AdminCoupon'];
/** A new coupon (`code` and one of `percentOff`, `amountOff`) or an edit (only the fields that change). */
export type CouponBody = Schemas['CouponForm'];

// A customer's own prices: GET and PUT /api/admin/users/{id}/prices
export type CustomerPrice = Schemas['CustomerPrice'];
export type CustomerPriceBody = Schemas['CustomerPriceRequest'];

// A reseller's terms: PUT /api/admin/users/{id}/reseller (GET /api/admin/users/{id} `reseller`)
export type AdminReseller = Schemas['AdminReseller'];
export type ResellerBody = Schemas['ResellerRequest'];

// Upstream pools
export type UpstreamPool = Schemas['UpstreamPool'];
/** A new pool; an edit sends any of its fields (`PoolPatch`). */
export type PoolBody = Schemas['NewPoolForm'];
export type PoolPatch = Schemas['PoolForm'];
export type ProbeAnswer = Schemas['ProbeAnswer'];

// Stock
export type StockItem = Schemas['StockItem'];
export type StockBody = Schemas['NewStockForm'];
export type StockPatch = Schemas['StockChange'];

// Orders
export type AdminOrder = Schemas['AdminOrder'];
export type OrdersFilter = { status: string; type: string; q: string; page: number; perPage: number };
export type ResolveBody = Schemas['ResolveRequest'];

// Payments
export type AdminPayment = Schemas['AdminPayment'];
export type PaymentsFilter = { status: string; q: string; page: number; perPage: number };

// Audit log
export type AuditEntry = Schemas['AuditItem'];
export type AuditFilter = { actor: string; action: string; target: string; page: number; perPage: number };
