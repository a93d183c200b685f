// The allowlist's kinds as the card and its form name them.
import { PROXY_KINDS, type ProxyKind } from '@/lib/kinds';

export const ALLOWLIST_KIND_LABELS: Record<ProxyKind, string> = {
  premium: 'Premium Residential',
  budget: 'Budget Residential',
  static: 'Static Residential',
  lte: 'LTE Mobile',
  ipv4: 'Datacenter IPv4',
  ipv6: 'Datacenter IPv6',
};

export function allowlistKindLabel(type: string): string {
  return (PROXY_KINDS as readonly string[]).includes(type) ? ALLOWLIST_KIND_LABELS[type as ProxyKind] : type;
}
