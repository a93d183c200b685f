// Landing hero: the offer, the headline claims and the two calls to action; the free
// trial is promised (and said what it is) only while the shop offers one.
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-classes';
import { CheckIcon } from '@/components/ui/icons';
import { useTrial } from '@/lib/trial';
import { StartCtaLink } from './start-cta';

const claims = (freeTrial: boolean) => ['HTTP(S) & SOCKS5', 'City & state targeting', freeTrial ? 'Free trial' : 'Crypto top-ups', 'Pay as you go'];
const stats = [
  { value: '80M+', label: 'Residential IPs' },
  { value: '195+', label: 'Countries' },
  { value: '99.96%', label: 'Uptime' },
];

export function Hero() {
  const trial = useTrial();
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white dark:from-brand-950/60 dark:to-slate-950">
      {/* grid-cols-1 is minmax(0, 1fr): without it the code sample's min-content width widens the column past the page padding on narrow screens */}
      <div className="mx-auto grid max-w-7xl grid-cols-1 items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:px-8 lg:py-24" data-testid="hero-grid">
        <div>
          <p className="inline-flex rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-800 dark:bg-brand-900/60 dark:text-brand-200">
            200+ locations · 99.96% uptime
          </p>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl xl:text-6xl dark:text-white">
            Proxies that look like <span className="text-brand-600 dark:text-brand-400">real people</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-600 dark:text-slate-300">
            80M+ ethically sourced residential IPs, LTE mobile and datacenter proxies for scraping, multi-account management, ad
            verification, e-commerce and surveys.
          </p>
          <ul className="mt-6 grid max-w-md grid-cols-2 gap-2 text-sm text-slate-700 dark:text-slate-200">
            {claims(trial.offered).map((claim) => (
              <li key={claim} className="flex items-center gap-2">
                <CheckIcon className="h-4 w-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
                {claim}
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-wrap gap-3">
            <StartCtaLink className={buttonClasses('primary', 'lg')} />
            <Link to={{ pathname: '/', hash: '#pricing' }} className={buttonClasses('outline', 'lg')}>
              View Pricing
            </Link>
          </div>
          {trial.offered && (
            <p className="mt-4 text-sm text-slate-600 dark:text-slate-300" data-testid="trial-summary">
              {trial.summary}, as soon as you verify your email.
            </p>
          )}
        </div>
        <div className="rounded-2xl bg-slate-900 p-5 text-sm text-slate-100 shadow-2xl ring-1 ring-slate-800 sm:p-6">
          <div className="mb-4 flex gap-1.5" aria-hidden="true">
            <span className="h-3 w-3 rounded-full bg-red-400" />
            <span className="h-3 w-3 rounded-full bg-amber-400" />
            <span className="h-3 w-3 rounded-full bg-emerald-400" />
          </div>
          {/* focusable: on a narrow screen the sample scrolls sideways, and a keyboard must reach it */}
          <pre tabIndex={0} aria-label="Example request through the gateway" className="overflow-x-auto font-mono text-xs leading-6 sm:text-sm">
            <code>
              <span className="text-slate-400">$ </span>curl -x gate.proxyshop.app:8000 \{'\n'}
              {'    '}-U <span className="text-emerald-300">"user-country-us-city-newyork:pass"</span> \{'\n'}
              {'    '}https://ipinfo.io/json{'\n'}
              <span className="text-slate-400">{'{'}</span>{'\n'}
              {'  '}<span className="text-brand-300">"ip"</span>: <span className="text-amber-200">"73.162.41.18"</span>,{'\n'}
              {'  '}<span className="text-brand-300">"city"</span>: <span className="text-amber-200">"New York"</span>,{'\n'}
              {'  '}<span className="text-brand-300">"org"</span>: <span className="text-amber-200">"Comcast Cable"</span>{'\n'}
              <span className="text-slate-400">{'}'}</span>
            </code>
          </pre>
          <dl className="mt-6 grid grid-cols-3 gap-3 border-t border-slate-700 pt-5 text-center">
            {stats.map((stat) => (
              <div key={stat.label}>
                <dt className="text-xs text-slate-400">{stat.label}</dt>
                <dd className="mt-1 text-xl font-bold text-white sm:text-2xl">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
