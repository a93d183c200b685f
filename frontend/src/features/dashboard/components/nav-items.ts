// Sidebar entries (docs/screens.md#dashboard). Groups only expand their sub-menu.
import type { ComponentType, SVGProps } from 'react';
import { CartIcon, GiftIcon, GlobeIcon, HomeIcon, LayersIcon, ListIcon, PhoneIcon, ServerIcon, SettingsIcon, ShieldIcon, BoltIcon, UserIcon, WalletIcon } from '@/components/ui/icons';
import type { User } from '@/lib/api-types';
import { CLIENT_CLOSED_SECTIONS, SETTINGS_PATH } from '@/lib/settings-sections';

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

/** The console of a reseller (docs/resellers.md), after the customer's own entries. */
export const RESELLER_ENTRY: NavLeaf = { to: '/reseller', label: 'Reseller', icon: UserIcon };

/** The pages a reseller's client may open: its traffic, its lines and its settings; the wallet and
 * the purchase page only while its reseller sells to it (`catalogueOpen`). */
export const CLIENT_PATHS = ['/onboard/', '/onboard/rotating-proxy', '/onboard/budget-proxy', '/onboard/proxies', '/onboard/settings'] as const;

/** The sidebar of this account: the customer's, a reseller's (with its console), or a reseller's
 * client's (no wallet, plans, pieces or referrals unless its reseller sells to it). */
export function navEntriesFor(user: Pick<User, 'reseller' | 'resellerClient' | 'brand'>, catalogueOpen: boolean): NavEntry[] {
  if (user.resellerClient) {
    const generators = NAV_ENTRIES.find((entry) => isGroup(entry) && entry.id === 'generators');
    const leaf = (to: string) => NAV_ENTRIES.find((entry): entry is NavLeaf => !isGroup(entry) && entry.to === to);
    const entries: Array<NavEntry | undefined> = [
      leaf('/onboard/'),
      ...(catalogueOpen
        ? [leaf('/onboard/wallet'), { to: '/onboard/buy', label: user.brand ? `Buy from ${user.brand.name}` : 'Buy traffic', icon: CartIcon }]
        : []),
      generators,
      leaf('/onboard/proxies'),
      leaf(SETTINGS_PATH),
    ];
    return entries.filter((entry): entry is NavEntry => entry !== undefined);
  }
  if (user.reseller) {
    const at = NAV_ENTRIES.findIndex((entry) => !isGroup(entry) && entry.to === SETTINGS_PATH);
    return [...NAV_ENTRIES.slice(0, at), RESELLER_ENTRY, ...NAV_ENTRIES.slice(at)];
  }
  return NAV_ENTRIES;
}

/** Whether a reseller's client may open this dashboard path (the others show the not-found page). */
export function clientMayOpen(pathname: string, catalogueOpen: boolean): boolean {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  if (path === '/onboard/') return true;
  if (CLIENT_CLOSED_SECTIONS.some((section) => path.startsWith(`${SETTINGS_PATH}/${section}/`))) return false;
  const open = catalogueOpen ? [...CLIENT_PATHS, '/onboard/wallet', '/onboard/buy'] : CLIENT_PATHS;
  return open.some((prefix) => prefix !== '/onboard/' && path.startsWith(`${prefix}/`));
}
