// When a kind's unused traffic expires (GET /api/user/get_starts `expiresAt`, unix seconds): the
// overview and the Usage tab show it under the GB figures.
import { useState } from 'react';
import { trafficExpiryText } from '@/lib/expiry';

export function TrafficExpiry({ expiresAt, className }: { expiresAt: number | null | undefined; className?: string }) {
  // the moment the figures were drawn decides whether the traffic counts as expired
  const [now] = useState(() => Date.now());
  return (
    <p className={className ?? 'text-sm text-slate-600 dark:text-slate-300'} data-testid="traffic-expiry">
      {trafficExpiryText(expiresAt, now)}
    </p>
  );
}
