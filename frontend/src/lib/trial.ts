// The free trial as GET /api/config announces it: `trialMb` MB of Premium traffic for 24 hours
// for every new account with a verified email; 0 means there is no trial and the site stops
// promising one. An answer without the field (an older server) counts as the default 100 MB.
// Also the main call to action that goes with it: guests are invited to start the trial (or just
// to get started), signed-in visitors are sent to their dashboard.
import { useQuery } from '@tanstack/react-query';
import type { GetResponse } from './api-types';
import { publicConfigQueryOptions } from './public-config';
import { homeFor, useSession } from './session';

export const DEFAULT_TRIAL_MB = 100;
export const TRIAL_HOURS = 24;
export const START_TRIAL = 'Start Free Trial';
export const GET_STARTED = 'Get started';
export const GO_TO_DASHBOARD = 'Go to dashboard';
/** The trial's limits, said where it is promised before sign-up. */
export const TRIAL_LIMITS = 'One trial per mailbox, and a few per network each day.';

type PublicConfig = Omit<GetResponse<'/api/config'>, 'trialMb'> & { trialMb?: number };

export type Trial = {
  /** Whether a trial is offered at all. */
  offered: boolean;
  /** "100 MB", "1 GB". */
  amount: string;
  /** "Free trial: 100 MB of Premium traffic for 24 hours"; empty without a trial. */
  summary: string;
};

/** MB as the site writes them: whole GB (1 GB = 1000 MB) from 1000 MB up, MB below. */
export function trialAmount(mb: number): string {
  return mb >= 1000 && mb % 1000 === 0 ? `${mb / 1000} GB` : `${mb} MB`;
}

export function trialFor(config: PublicConfig | undefined): Trial {
  const raw = config?.trialMb;
  const mb = typeof raw === 'number' && Number.isFinite(raw) && raw >= 0 ? Math.floor(raw) : DEFAULT_TRIAL_MB;
  if (mb === 0) return { offered: false, amount: '', summary: '' };
  const amount = trialAmount(mb);
  return { offered: true, amount, summary: `Free trial: ${amount} of Premium traffic for ${TRIAL_HOURS} hours` };
}

export function useTrial(): Trial {
  const { data } = useQuery(publicConfigQueryOptions);
  return trialFor(data);
}

/** The main call to action: where it goes and what it says. */
export function useStartCta(): { to: string; label: string; signedIn: boolean } {
  const { user } = useSession();
  const trial = useTrial();
  if (user) return { to: homeFor(user), label: GO_TO_DASHBOARD, signedIn: true };
  return { to: '/register', label: trial.offered ? START_TRIAL : GET_STARTED, signedIn: false };
}
