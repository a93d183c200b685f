// /location: coverage by continent with flagship and further countries.
import { buttonClasses } from '@/components/ui/button-classes';
import { formatMillions } from '@/lib/format';
import { ContentPage } from '../components/content-page';
import { StartCtaLink } from '../components/start-cta';
import { CONTINENTS, MORE_COUNTRIES } from '../content/continents';
import { plural } from '@/lib/plural';

export default function LocationsPage() {
  return (
    <ContentPage eyebrow="Locations" title="195+ countries, 6 continents" intro="Residential IPs in every region, with city-level targeting in the larger markets." wide>
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        {CONTINENTS.map((continent) => (
          <section
            key={continent.id}
            aria-labelledby={`${continent.id}-title`}
            className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
          >
            <h2 id={`${continent.id}-title`} className="text-lg font-semibold">
              {continent.name}
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              {formatMillions(continent.ipCount, continent.ipCount < 1_000_000 ? 2 : 1)} IPs · {plural(continent.countries, 'country', 'countries')}
            </p>
            <ul className="mt-4 flex flex-wrap gap-2">
              {continent.flagships.map((country) => (
                <li key={country.code} className="rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-800 dark:bg-brand-900/70 dark:text-brand-200">
                  {country.name}
                </li>
              ))}
              {(MORE_COUNTRIES[continent.id] ?? []).map((name) => (
                <li key={name} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                  {name}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className="mt-10">
        <StartCtaLink className={buttonClasses('primary', 'lg')} />
      </div>
    </ContentPage>
  );
}
