// The sections of the customer's settings, each at its own address (/onboard/settings/<slug>), so
// that "API keys" or "IP allowlist" can be linked to. /onboard/settings itself opens Account.
export const SETTINGS_PATH = '/onboard/settings';

export const SETTINGS_SECTIONS = [
  { slug: 'account', label: 'Account', summary: 'Profile, photo, email and password' },
  { slug: 'security', label: 'Security', summary: 'Two-factor sign-in and sessions' },
  { slug: 'api', label: 'API', summary: 'API keys' },
  { slug: 'billing', label: 'Billing', summary: 'Billing details and auto top-up' },
  { slug: 'notifications', label: 'Notifications', summary: 'Alerts and the webhook' },
  { slug: 'access', label: 'Access', summary: 'IP allowlist, sub-users, blocklist' },
] as const;

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]['slug'];

/** What a reseller's client does not have (receipts and billing, alerts, the allowlist and
 * sub-users: the server refuses them to it), so its settings leave these out. */
export const CLIENT_CLOSED_SECTIONS: ReadonlyArray<SettingsSection> = ['billing', 'notifications', 'access'];

/** The sections this account has. */
export function settingsSectionsFor(user: { resellerClient: boolean } | null) {
  return user?.resellerClient ? SETTINGS_SECTIONS.filter((section) => !CLIENT_CLOSED_SECTIONS.includes(section.slug)) : SETTINGS_SECTIONS;
}

/** The address of a section. */
export function settingsPath(section: SettingsSection): string {
  return `${SETTINGS_PATH}/${section}`;
}
