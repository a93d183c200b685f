// Rotating residential proxies: what rotation does and how a request leaves through a new IP.
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-classes';
import { CheckIcon, RefreshIcon } from '@/components/ui/icons';
import { StartCtaLink } from './start-cta';
import { ROTATION_COPY } from '@/lib/rotation';

const points = [
  ROTATION_COPY.short,
  'Country, state and city targeting written straight into the username',
  'HTTP(S) and SOCKS5 on the same credentials',
  'Traffic never expires while your plan is active',
];

const rotation = [
  { ip: '73.162.41.18', city: 'New York, US' },
  { ip: '86.148.7.201', city: 'London, GB' },
  { ip: '126.77.190.4', city: 'Tokyo, JP' },
  { ip: '189.6.112.73', city: 'São Paulo, BR' },
];

export function ResidentialBlock() {
  return (
    <section aria-labelledby="rotating-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-24">
      <div className="grid items-center gap-12 lg:grid-cols-2">
        <div className="order-2 lg:order-1">
          <ol aria-label="Example of rotation" className="space-y-3">
            {rotation.map((hop, index) => (
              <li
                key={hop.ip}
                className="flex items-center justify-between rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm dark:border-slate-800 dark:bg-slate-900"
              >
                <span className="flex items-center gap-3">
                  <span className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-800 dark:bg-brand-900 dark:text-brand-200">
                    {index + 1}
                  </span>
                  <span className="font-mono text-sm">{hop.ip}</span>
                </span>
                <span className="text-sm text-slate-600 dark:text-slate-300">{hop.city}</span>
              </li>
            ))}
          </ol>
        </div>
        <div className="order-1 lg:order-2">
          <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-emerald-100 text-emerald-700 dark:bg-emerald-900/50 dark:text-emerald-300">
            <RefreshIcon />
          </span>
          <h2 id="rotating-title" className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">
            Rotating residential proxies
          </h2>
          <p className="mt-4 text-slate-600 dark:text-slate-300">
            Each request can leave through a different household connection, so websites see ordinary visitors instead of one busy
            server. Perfect for large crawls, price monitoring and anything that rate-limits by IP.
          </p>
          <ul className="mt-6 space-y-3">
            {points.map((point) => (
              <li key={point} className="flex gap-3 text-sm text-slate-700 dark:text-slate-200">
                <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
                {point}
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/residential-proxies" className={buttonClasses('primary')}>
              Learn more
            </Link>
            <StartCtaLink className={buttonClasses('outline')} />
          </div>
        </div>
      </div>
    </section>
  );
}
