// Shapes of the per-piece proxy API (server and LTE credentials, POST /api/user/get_proxy and the
// generated proxies list), as the pages use them. They are narrower than the generated schemas
// (`Schemas['LteRecord']`, `Schemas['ProxiesResponse']`…: untagged unions and optional nullables
// there) and every answer goes through the run-time readers in ./parse.ts before use.
import type { User } from '@/lib/api-types';
import type { ProxyKind } from '@/lib/kinds';

/** Kinds sold by the piece. */
export const PIECE_KINDS = ['static', 'ipv4', 'ipv6', 'lte'] as const;
export type PieceKind = (typeof PIECE_KINDS)[number];
export type DatacenterKind = 'ipv4' | 'ipv6';
/** Kinds bought through the plan list → buy form (country, ISP for static, quantity). */
export type BuyKind = 'static' | DatacenterKind;

/** A country or an ISP with the number of proxies in stock (`amount`). */
export type StockItem = { code: string; name: string; amount: number };

/** GET /api/user/server_credentials?type=static → `data`. `supportedISPs` is keyed by country code. */
export type StaticCredentials = {
  supportedCountries: StockItem[];
  supportedISPs: Record<string, StockItem[]>;
};
export type StaticCredentialsResponse = { success: boolean; data: StaticCredentials };

/** GET /api/user/server_credentials?type=ipv4|ipv6 → `data[]`; `id` is what get_proxy's `location` takes. */
export type DatacenterCountry = StockItem & { id: string };
export type DatacenterCredentialsResponse = { success: boolean; data: DatacenterCountry[] };

/** GET /api/user/lte_credentials → `data`: country codes with stock. */
export type LteCountriesResponse = { success: boolean; data: string[] };

export const LTE_TYPES = ['HTTPS', 'WIFI', 'SOCKS5', 'SOCKS5-WIFI'] as const;
export type LteType = (typeof LTE_TYPES)[number];
/** GET /api/user/lte_credentials?country=CC → `data[]`. */
export type LteRecord = { id: string; ip: string; type: LteType; isp: string; city: string; amount: number };
export type LteRecordsResponse = { success: boolean; data: LteRecord[] };

/** POST /api/user/get_proxy. `plan` is the plan's id; `location` the ISP code (static), the
 * country id (IPv4/IPv6) or the record id (LTE). */
export type GetProxyBody =
  | { type: 'static'; plan: number; country: string; location: string; quantity: number }
  | { type: DatacenterKind; plan: number; location: string; quantity: number }
  | { type: 'lte'; plan: number; location: string };

/** 200 with the proxies, or 202 with `proxies: []` when the provider delivers later. */
export type GetProxyResponse = { success: boolean; proxies: string[]; message: string; user?: User };

/** GET /api/user/proxies: one generated proxy (times in unix seconds; expiresAt null for traffic proxies). */
export type GeneratedProxy = { id: number; proxy: string; type: string; createdAt: number; expiresAt: number | null };
export type GeneratedProxiesPage = { items: GeneratedProxy[]; total: number; page: number; perPage: number };
/** Its query: `type` empty for every kind, `q` matched against the proxy text. */
export type GeneratedProxiesFilter = { type: ProxyKind | ''; q: string; page: number; perPage: number };
