// Every TanStack Query key of the app, so that a query and the invalidations that refresh it
// cannot drift apart. Roots (`…All`) match every query below them.
import type { ProxyKind } from './kinds';

/** The filter of GET /api/user/proxies: `type` empty for every kind, `q` matched against the proxy text. */
export type GeneratedProxiesFilter = { type: ProxyKind | ''; q: string; page: number; perPage: number };

export const queryKeys = {
  session: ['session'] as const,
  publicConfig: ['public-config'] as const,
  /** The public status page (GET /api/status). */
  status: ['status'] as const,
  stats: ['stats'] as const,
  /** The OpenAPI document (/docs/api). */
  openapiDocument: ['openapi-document'] as const,
  walletAll: ['wallet'] as const,
  wallet: (page: number, perPage: number) => ['wallet', { page, perPage }] as const,
  referrals: ['referrals'] as const,
  /** Self-serve refunds: each traffic kind's eligibility (a purchase or a refund changes it). */
  refundsAll: ['refunds'] as const,
  refundEligibility: (kind: 'premium' | 'budget') => ['refunds', 'eligibility', kind] as const,
  plans: (kind: ProxyKind) => ['plans', kind] as const,
  proxyHistory: (kind: ProxyKind) => ['proxy-history', kind] as const,
  usage: (kind: ProxyKind) => ['usage', kind] as const,
  /** The usage record (GET /api/user/requests, /api/user/usage/breakdown): `query` is the filter sent. */
  usageRecordsAll: ['usage-records'] as const,
  usageRequests: (query: object, cursor: string | null, perPage: number) => ['usage-records', 'requests', query, { cursor, perPage }] as const,
  usageBreakdown: (by: string, query: object) => ['usage-records', 'breakdown', by, query] as const,
  /** The health of the traffic (GET /api/user/usage/health). */
  usageHealth: (by: string, query: object) => ['usage-records', 'health', by, query] as const,
  /** Usage and health per credential (the sub-users side by side, a sub-user's own view). */
  credentialUsage: ['usage-records', 'per-credential'] as const,
  /** The usage exports prepared in the background (GET /api/user/requests/exports). */
  usageExports: ['usage-records', 'exports'] as const,
  locations: (kind: 'premium' | 'budget') => ['locations', kind] as const,
  /** A piece kind's stock lists; a purchase invalidates them because the stock changed. */
  pieceStock: (kind: ProxyKind) => ['piece-credentials', kind] as const,
  lteCountries: ['piece-credentials', 'lte', 'countries'] as const,
  lteRecords: (country: string) => ['piece-credentials', 'lte', 'records', country] as const,
  /** The account's security settings (two-factor status, sessions, API keys). */
  twoFactor: ['account', 'two-factor'] as const,
  sessions: ['account', 'sessions'] as const,
  apiKeys: ['account', 'api-keys'] as const,
  allowlist: ['account', 'allowlist'] as const,
  blocklist: ['account', 'blocklist'] as const,
  allowablePieces: ['account', 'allowlist', 'pieces'] as const,
  /** Sub-users and the main credential's connection cap (settings and the generators). */
  subusers: ['account', 'subusers'] as const,
  /** The notification centre (the bell) and the alert thresholds (settings). */
  notifications: ['notifications'] as const,
  alerts: ['account', 'alerts'] as const,
  /** The webhook's delivery log (under the alerts, so saving them refreshes it too). */
  webhookDeliveries: ['account', 'alerts', 'deliveries'] as const,
  /** Automatic top-up of traffic, per traffic kind (settings). */
  autoTopup: ['account', 'auto-topup'] as const,
  /** The company, address and VAT id printed on receipts. */
  billing: ['account', 'billing'] as const,
  /** The customer's pieces with their renewal state, and the auto-renew default. */
  piecesAll: ['pieces'] as const,
  pieces: (page: number) => ['pieces', { page }] as const,
  /** The first `perPage` of them at once: what a reseller can hand to a client, and who holds what. */
  piecesAtOnce: (perPage: number) => ['pieces', 'at-once', { perPage }] as const,
  /** The reseller console (/api/reseller/*): every change refreshes this root (a move changes the
   * reseller's pools, the client's traffic and the ledger at once). */
  resellerAll: ['reseller'] as const,
  resellerAccount: ['reseller', 'account'] as const,
  resellerClients: (page: number, perPage: number) => ['reseller', 'clients', { page, perPage }] as const,
  resellerTransfers: (page: number, perPage: number) => ['reseller', 'transfers', { page, perPage }] as const,
  /** The pieces one client holds (GET /api/reseller/clients/{id}/pieces). */
  resellerClientPieces: (id: number) => ['reseller', 'client-pieces', id] as const,
  /** The ledger of pieces handed to clients and taken back. */
  resellerPieceMoves: (page: number, perPage: number) => ['reseller', 'piece-moves', { page, perPage }] as const,
  resellerBrand: ['reseller', 'brand'] as const,
  resellerCatalogue: ['reseller', 'catalogue'] as const,
  resellerReport: (filter: object) => ['reseller', 'report', filter] as const,
  resellerAlerts: ['reseller', 'alerts'] as const,
  /** A reseller's client: what its reseller sells it (403 while the reseller sells nothing). */
  clientCatalogue: ['client-catalogue'] as const,
  /** A reseller's client: the pieces its reseller handed it (GET /api/client/pieces). */
  clientPieces: ['client-pieces'] as const,
  /** A reseller's public brand (the branded sign-in page /r/:slug). */
  publicBrand: (slug: string) => ['brand', slug] as const,
  generatedProxiesAll: ['generated-proxies'] as const,
  generatedProxies: (filter: GeneratedProxiesFilter) => ['generated-proxies', filter] as const,
  /** The operator console (/api/admin/*): every admin change invalidates this root, since one
   * change (a credit, a resolved order) shows in the summary, the lists and the audit log alike. */
  adminAll: ['admin'] as const,
  adminIncidents: ['admin', 'incidents'] as const,
  adminSummary: (days: number) => ['admin', 'summary', days] as const,
  adminMargins: (days: number) => ['admin', 'margins', days] as const,
  adminUsers: (filter: object) => ['admin', 'users', filter] as const,
  adminUser: (id: number) => ['admin', 'user', id] as const,
  adminUserLedger: (id: number, page: number, perPage: number) => ['admin', 'user', id, 'ledger', { page, perPage }] as const,
  adminUserRequests: (id: number, page: number, perPage: number) => ['admin', 'user', id, 'requests', { page, perPage }] as const,
  adminPlans: (type: string) => ['admin', 'plans', type] as const,
  adminStock: (filter: object) => ['admin', 'stock', filter] as const,
  adminOrders: (filter: object) => ['admin', 'orders', filter] as const,
  adminRefunds: (page: number, perPage: number) => ['admin', 'refunds', { page, perPage }] as const,
  adminRefundRefusal: (id: number) => ['admin', 'user', id, 'refund-refusal'] as const,
  adminPayments: (filter: object) => ['admin', 'payments', filter] as const,
  adminPayment: (id: string) => ['admin', 'payment', id] as const,
  adminTrialNetworks: ['admin', 'trials', 'networks'] as const,
  adminUpstreams: ['admin', 'upstreams'] as const,
  adminBlocklist: ['admin', 'blocklist'] as const,
  adminAudit: (filter: object) => ['admin', 'audit', filter] as const,
  adminUserNotes: (id: number, page: number, perPage: number) => ['admin', 'user', id, 'notes', { page, perPage }] as const,
  adminAbuseCases: (filter: object) => ['admin', 'abuse', filter] as const,
  adminAbuseCase: (id: number) => ['admin', 'abuse-case', id] as const,
  /** How far back the abuse desk attributes traffic (the public report form). */
  abuseTerms: ['abuse-terms'] as const,
  /** Outside `adminAll` on purpose: each read of it is audited, so an admin change must not refetch it. */
  adminViewAs: (id: number) => ['admin-view-as', id] as const,
};
