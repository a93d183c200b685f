// Sidebar entries (docs/screens.md#dashboard). Groups only expand their sub-menu.
import type { ComponentType, SVGProps } from 'react';
import { GiftIcon, GlobeIcon, HomeIcon, LayersIcon, ListIcon, PhoneIcon, ServerIcon, SettingsIcon, ShieldIcon, BoltIcon, WalletIcon } from '@/components/ui/icons';
import { SETTINGS_PATH } from '@/lib/settings-sections';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;
export type NavLeaf = { to: string; label: string; icon: Icon; end?: boolean };
export type NavGroup = { id: string; label: string; icon: Icon; children: NavLeaf[] };
export type NavEntry = NavLeaf | NavGroup;

export const isGroup = (entry: NavEntry): entry is NavGroup => 'children' in entry;

export const NAV_ENTRIES: NavEntry[] = [
  { to: '/onboard/', label: 'Dashboard', icon: HomeIcon, end: true },
  { to: '/onboard/wallet', label: 'Wallet', icon: WalletIcon },
  {
    id: 'generators',
    label: 'Generators',
    icon: BoltIcon,
    children: [
      { to: '/onboard/rotating-proxy', label: 'Premium Residential Proxy', icon: ShieldIcon },
      { to: '/onboard/budget-proxy', label: 'Residential Proxy', icon: GlobeIcon },
    ],
  },
  {
    id: 'services',
    label: 'Services',
    icon: LayersIcon,
    children: [
      { to: '/onboard/static-proxy', label: 'Static Residential Proxy', icon: HomeIcon },
      { to: '/onboard/lte-proxy', label: 'LTE Mobile Proxy', icon: PhoneIcon },
      { to: '/onboard/ipv4-proxy', label: 'IPv4 Datacenter Proxy', icon: ServerIcon },
      { to: '/onboard/ipv6-proxy', label: 'IPv6 Datacenter Proxy', icon: ServerIcon },
    ],
  },
  { to: '/onboard/proxies', label: 'Generated Proxies', icon: ListIcon },
  { to: '/onboard/referral', label: 'Referral', icon: GiftIcon },
  { to: SETTINGS_PATH, label: 'Settings', icon: SettingsIcon },
];
