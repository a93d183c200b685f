// The operator console's sidebar entries.
import type { ComponentType, SVGProps } from 'react';
import { BoltIcon, CartIcon, GiftIcon, GlobeIcon, HomeIcon, LayersIcon, ListIcon, RefreshIcon, ServerIcon, ShieldIcon, StarIcon, UserIcon, WalletIcon } from '@/components/ui/icons';

export type AdminNavItem = { to: string; label: string; icon: ComponentType<SVGProps<SVGSVGElement>>; end?: boolean };

export const ADMIN_NAV: AdminNavItem[] = [
  { to: '/admin', label: 'Overview', icon: HomeIcon, end: true },
  { to: '/admin/customers', label: 'Customers', icon: UserIcon },
  { to: '/admin/plans', label: 'Plans', icon: LayersIcon },
  { to: '/admin/coupons', label: 'Coupons', icon: StarIcon },
  { to: '/admin/stock', label: 'Stock', icon: ServerIcon },
  { to: '/admin/upstreams', label: 'Upstream pools', icon: GlobeIcon },
  { to: '/admin/blocklist', label: 'Blocklist', icon: ListIcon },
  { to: '/admin/orders', label: 'Orders', icon: CartIcon },
  { to: '/admin/payments', label: 'Payments', icon: WalletIcon },
  { to: '/admin/refunds', label: 'Refunds', icon: RefreshIcon },
  { to: '/admin/payouts', label: 'Payouts', icon: WalletIcon },
  { to: '/admin/trials', label: 'Free trials', icon: GiftIcon },
  { to: '/admin/abuse', label: 'Abuse desk', icon: ShieldIcon },
  { to: '/admin/incidents', label: 'Incidents', icon: BoltIcon },
  { to: '/admin/audit', label: 'Audit log', icon: ListIcon },
];
