// An administrator without two-factor sign-in, when the shop requires it (PROXYSHOP_ADMIN_2FA=required,
// docs/configuration.md): every /api/admin/* route answers 403 with this message. The console
// sends that admin to the two-factor card of the settings page, carrying the message as a notice.
import { ApiError } from './api-client';
import { settingsPath } from './settings-sections';

export const ADMIN_TWO_FACTOR_REQUIRED = 'Two-factor sign-in is required for administrators';

/** The id of the two-factor card (settings, Security section), and the address that scrolls to it.
 * The older address /onboard/settings#two-factor still lands there (the settings index redirects it). */
export const TWO_FACTOR_CARD_ID = 'two-factor';
export const TWO_FACTOR_SETTINGS = `${settingsPath('security')}#${TWO_FACTOR_CARD_ID}`;

/** The router state the settings page reads its notice from. */
export type SettingsNotice = { notice: string; from: 'admin' };

export function isAdminTwoFactorRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.message === ADMIN_TWO_FACTOR_REQUIRED;
}

/** The notice in a location's state, if the console sent the visitor here. */
export function settingsNotice(state: unknown): SettingsNotice | null {
  if (typeof state !== 'object' || state === null) return null;
  const { notice, from } = state as Partial<SettingsNotice>;
  return typeof notice === 'string' && notice && from === 'admin' ? { notice, from } : null;
}
