// When a kind's unused traffic expires (GET /api/user/get_starts `expiresAt`, unix seconds), and
// how long it lasts at the customer's pace (`dailyAverageGb`, `runsOutAt`): the overview and the
// Usage tab show both under the GB figures.
import { useState } from 'react';
import { type TrafficPace, trafficExpiryText, trafficForecastText } from '@/lib/expiry';

export function TrafficExpiry({ expiresAt, className }: { expiresAt: number | null | undefined; className?: string }) {
  // the moment the figures were drawn decides whether the traffic counts as expired
  const [now] = useState(() => Date.now());
  return (
    <p className={className ?? 'text-sm text-slate-600 dark:text-slate-300'} data-testid="traffic-expiry">
      {trafficExpiryText(expiresAt, now)}
    </p>
  );
}

export function TrafficForecast({ pace, label, className }: { pace: TrafficPace | null | undefined; label: string; className?: string }) {
  const text = pace ? trafficForecastText(pace, label) : null;
  if (!text) return null;
  return (
    <p className={className ?? 'text-sm text-slate-600 dark:text-slate-300'} data-testid="traffic-forecast">
      {text}
    </p>
  );
}
