// The six kinds as the console names them: the product line with its variant, so that Premium and
// Budget residential read apart (the shop's own tab labels call Budget "Residential Proxies").
const NAMES: Record<string, string> = {
  premium: 'Premium Residential',
  budget: 'Budget Residential',
  static: 'Static Residential',
  lte: 'LTE Mobile',
  ipv4: 'Datacenter IPv4',
  ipv6: 'Datacenter IPv6',
};

export function kindName(type: string): string {
  return NAMES[type] ?? type;
}
