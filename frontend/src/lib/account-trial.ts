// The account's free trial as GET /api/user/get_starts tells it (`trial`): `active` with its end,
// `ended`, or `refused` with the reason; null for a paying customer or an account the shop
// offered no trial to. The texts the dashboard and the sign-up toast show for it.
import type { Schemas } from './api-types';
import { formatDateTime, fromUnixSeconds } from './format';

export type AccountTrial = Schemas['TrialView'];

export const FREE_TRIAL = 'Free trial';
export const UPGRADE = 'Upgrade';
export const NO_TRIAL = 'No free trial for this account';

/** Why there was no trial, and the way forward. */
export function refusalText(reason: AccountTrial['reason']): string {
  const why =
    reason === 'mailbox'
      ? 'this mailbox has had a free trial before (one per mailbox).'
      : 'your network has had its free trials for today (an office or a campus often shares one address).';
  return `No free trial: ${why} Add funds to buy traffic and start using proxies.`;
}

/** "ends 30 Nov 2026, 14:05" / "ended 30 Nov 2026, 14:05". */
export function trialEndText(trial: AccountTrial): string {
  if (trial.endsAt == null) return '';
  const when = formatDateTime(fromUnixSeconds(trial.endsAt));
  return trial.state === 'active' ? `ends ${when}` : `ended ${when}`;
}
