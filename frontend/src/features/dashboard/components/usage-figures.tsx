// The figures of the overview's Usage card: remaining GB with 2 decimals (below 1 GB also in MB;
// docs/screens.md), total and used traffic (formatTraffic) with a progress bar, the expiry and the
// forecast at the recent pace for traffic kinds; live pieces, those expiring soon and the next expiry for piece kinds.
import { TrafficExpiry, TrafficForecast } from '@/components/traffic-expiry';
import { TrialLabel } from '@/components/trial-label';
import type { AccountTrial } from '@/lib/account-trial';
import { formatDateTime, formatFixed2, formatTraffic, fromUnixSeconds, remainingInMb } from '@/lib/format';
import type { PieceStat, TrafficStat } from '@/lib/stats';
import { plural, pluralNoun } from '@/lib/plural';

const muted = 'text-slate-600 dark:text-slate-400';

/** `trial`: the account's free trial, labelled above the figures while it runs (Premium only);
 * `label` names the kind in the forecast ("your Premium traffic lasts until …"). */
export function TrafficFigures({ stat, label, trial = null }: { stat: TrafficStat | null; label: string; trial?: AccountTrial | null }) {
  const remaining = stat?.availableTraffic ?? 0;
  const remainingMb = remainingInMb(remaining);
  const used = stat?.usedTraffic ?? 0;
  const total = remaining + used;
  const percent = total > 0 ? Math.min(100, (used / total) * 100) : 0;
  return (
    <>
      <TrialLabel trial={trial} />
      <p className="text-3xl font-bold tabular-nums">
        {formatFixed2(remaining)} <span className={`text-base font-medium ${muted}`}>GB remaining</span>
        {remainingMb && (
          <span className={`ml-2 text-base font-medium ${muted}`} data-testid="remaining-mb">
            ({remainingMb})
          </span>
        )}
      </p>
      <div
        className="mt-4 h-3 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        role="progressbar"
        aria-label="Traffic used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
      >
        <div className="h-full rounded-full bg-brand-600 dark:bg-brand-400" style={{ width: `${percent}%` }} />
      </div>
      <dl className="mt-3 flex justify-between text-sm">
        <div>
          <dt className={muted}>Total</dt>
          <dd className="font-semibold tabular-nums">{formatTraffic(total)}</dd>
        </div>
        <div className="text-right">
          <dt className={muted}>Used</dt>
          <dd className="font-semibold tabular-nums">{formatTraffic(used)}</dd>
        </div>
      </dl>
      <TrafficExpiry expiresAt={stat?.expiresAt} className={`mt-3 text-sm ${muted}`} />
      <TrafficForecast pace={stat} label={label} className={`mt-1 text-sm ${muted}`} />
    </>
  );
}

export function PieceFigures({ stat, soonDays }: { stat: PieceStat | null; soonDays: number }) {
  const live = stat?.live ?? 0;
  const expiring = stat?.expiringSoon ?? 0;
  const next = stat?.nextExpiresAt ?? null;
  return (
    <>
      <p className="text-3xl font-bold tabular-nums" data-testid="pieces-live">
        {live} <span className={`text-base font-medium ${muted}`}>{pluralNoun(live, 'live proxy', 'live proxies')}</span>
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div className="rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
          <dt className={muted}>Expiring within {plural(soonDays, 'day', 'days')}</dt>
          <dd className={`mt-0.5 font-semibold tabular-nums ${expiring > 0 ? 'text-amber-700 dark:text-amber-300' : ''}`} data-testid="pieces-expiring">
            {expiring}
          </dd>
        </div>
        <div className="rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
          <dt className={muted}>Next expiry</dt>
          <dd className="mt-0.5 font-semibold" data-testid="pieces-next-expiry">
            {next === null ? '—' : formatDateTime(fromUnixSeconds(next))}
          </dd>
        </div>
      </dl>
      <p className={`mt-3 text-sm ${muted}`}>Billed per piece; traffic is not metered.</p>
    </>
  );
}
