// The six proxy kinds as they travel over the API (docs/api.md#kinds), with the site's labels.
export const PROXY_KINDS = ['premium', 'budget', 'static', 'lte', 'ipv4', 'ipv6'] as const;
export type ProxyKind = (typeof PROXY_KINDS)[number];

/** Tab labels (pricing, dashboard overview). */
export const KIND_TAB_LABELS: Record<ProxyKind, string> = {
  premium: 'Premium Residential',
  budget: 'Residential Proxies',
  static: 'Static Residential',
  lte: 'LTE Mobile',
  ipv4: 'Datacenter IPv4',
  ipv6: 'Datacenter IPv6',
};

/** The product line with its variant, so that Premium and Budget residential read apart (the tab
 * labels call Budget "Residential Proxies"): the console and the settings' IP allowlist. */
export const KIND_NAMES: Record<ProxyKind, string> = {
  premium: 'Premium Residential',
  budget: 'Budget Residential',
  static: 'Static Residential',
  lte: 'LTE Mobile',
  ipv4: 'Datacenter IPv4',
  ipv6: 'Datacenter IPv6',
};

/** The dashboard page of each kind (Come Into Use, Buy now). */
export const KIND_PAGES: Record<ProxyKind, string> = {
  premium: '/onboard/rotating-proxy',
  budget: '/onboard/budget-proxy',
  static: '/onboard/static-proxy',
  lte: '/onboard/lte-proxy',
  ipv4: '/onboard/ipv4-proxy',
  ipv6: '/onboard/ipv6-proxy',
};

/** Residential traffic kinds are sold by the GB; the others by the piece. */
export type TrafficKind = 'premium' | 'budget';

export function isTrafficKind(kind: ProxyKind): kind is TrafficKind {
  return kind === 'premium' || kind === 'budget';
}

/** The tab label of a kind as the API spells it; anything unknown is shown as sent. */
export function kindLabel(type: string): string {
  return (PROXY_KINDS as readonly string[]).includes(type) ? KIND_TAB_LABELS[type as ProxyKind] : type;
}

/** The name (KIND_NAMES) of a kind as the API spells it; anything unknown is shown as sent. */
export function kindName(type: string): string {
  return (PROXY_KINDS as readonly string[]).includes(type) ? KIND_NAMES[type as ProxyKind] : type;
}

/** Kinds sold by the piece. */
export const PIECE_KINDS = ['static', 'ipv4', 'ipv6', 'lte'] as const;
export type PieceKind = (typeof PIECE_KINDS)[number];
export type DatacenterKind = 'ipv4' | 'ipv6';
/** Kinds bought through the plan list → buy form (country, ISP for static, quantity). */
export type BuyKind = 'static' | DatacenterKind;
