// Global coverage: six continent tabs, a count-up of the selected continent's IPs,
// its flagship countries and a link to /location.
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-classes';
import { ArrowRightIcon, StarIcon } from '@/components/ui/icons';
import { panelId, tabId } from '@/components/ui/tab-ids';
import { Tabs } from '@/components/ui/tabs';
import { formatMillions } from '@/lib/format';
import { CONTINENTS, type Continent } from '../content/continents';
import { COUNT_UP_MS, useCountUp } from './use-count-up';

function Stars() {
  // 4.7 is shown while the accessible text says 4.5, as on the original site.
  return (
    <div className="flex items-center gap-2">
      <span role="img" aria-label="Rated 4.5 out of 5 stars" className="flex text-amber-500">
        {[0, 1, 2, 3, 4].map((index) => (
          <StarIcon key={index} className="h-5 w-5" />
        ))}
      </span>
      <span className="text-sm font-semibold" aria-hidden="true">
        4.7
      </span>
      <span className="text-sm text-slate-600 dark:text-slate-300">from customer reviews</span>
    </div>
  );
}

function ContinentPanel({ continent, duration }: { continent: Continent; duration: number }) {
  const count = useCountUp(continent.ipCount, duration);
  const decimals = continent.ipCount < 1_000_000 ? 2 : 1;
  return (
    <div
      role="tabpanel"
      id={panelId('coverage', continent.id)}
      aria-labelledby={tabId('coverage', continent.id)}
      className="mt-6 grid gap-6 rounded-2xl border border-slate-200 bg-white p-6 md:grid-cols-[1fr_1.4fr] dark:border-slate-800 dark:bg-slate-900"
    >
      <div>
        <p className="text-sm font-medium text-slate-600 dark:text-slate-300">{continent.name}</p>
        <p className="mt-1 text-4xl font-extrabold text-brand-700 tabular-nums sm:text-5xl dark:text-brand-300" aria-live="off">
          <span aria-hidden="true">{formatMillions(count, decimals)}</span>
          <span className="sr-only">{formatMillions(continent.ipCount, decimals)}</span>
        </p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">residential IPs in {continent.countries} countries</p>
      </div>
      <div>
        <h3 className="text-sm font-semibold">Flagship countries</h3>
        <ul className="mt-3 space-y-2">
          {continent.flagships.map((country) => (
            <li key={country.code} className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/70">
              <span className="flex items-center gap-3">
                <span className="inline-flex h-7 w-9 items-center justify-center rounded bg-brand-100 text-xs font-bold text-brand-800 dark:bg-brand-900 dark:text-brand-200">
                  {country.code}
                </span>
                <span className="text-sm font-medium">{country.name}</span>
              </span>
              <span className="text-sm text-slate-600 tabular-nums dark:text-slate-300">
                {formatMillions(country.ipCount, country.ipCount < 1_000_000 ? 2 : 1)} IPs
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function CoverageBlock({ duration = COUNT_UP_MS }: { duration?: number }) {
  const [selected, setSelected] = useState(CONTINENTS[0]!.id);
  const continent = CONTINENTS.find((item) => item.id === selected) ?? CONTINENTS[0]!;
  return (
    <section aria-labelledby="coverage-title" className="bg-slate-50 py-16 lg:py-24 dark:bg-slate-900/40">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
          <div>
            <p className="text-sm font-semibold text-brand-700 uppercase dark:text-brand-300">Global coverage</p>
            <h2 id="coverage-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
              52+ million IPs across 6 continents
            </h2>
            <div className="mt-3">
              <Stars />
            </div>
          </div>
          <Link to="/location" className={buttonClasses('outline', 'md', 'self-start lg:self-auto')}>
            Explore All 195+ Countries
            <ArrowRightIcon className="h-4 w-4" />
          </Link>
        </div>
        <Tabs
          label="Continents"
          idPrefix="coverage"
          className="mt-8"
          items={CONTINENTS.map((item) => ({ value: item.id, label: item.name }))}
          value={continent.id}
          onChange={setSelected}
        />
        <ContinentPanel key={continent.id} continent={continent} duration={duration} />
      </div>
    </section>
  );
}
