// /residential-proxies: the residential product page.
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-classes';
import { GlobeIcon, LayersIcon, RefreshIcon, ShieldIcon } from '@/components/ui/icons';
import { ContentPage } from '../components/content-page';
import { StartCtaLink } from '../components/start-cta';
import { ROTATION_COPY } from '@/lib/rotation';

const benefits = [
  { icon: GlobeIcon, title: '195+ countries', body: 'Country, state and city targeting across 200+ locations.' },
  { icon: RefreshIcon, title: 'Rotating or sticky', body: `${ROTATION_COPY.premium} ${ROTATION_COPY.budget}` },
  { icon: ShieldIcon, title: 'Ethically sourced', body: 'Every peer opted in; flagged IPs leave the pool.' },
  { icon: LayersIcon, title: 'Two tiers', body: 'Premium for precision, budget for volume. Same API.' },
];

const tiers = [
  { name: 'Premium Residential', points: ['City and state targeting', 'Highest success rates', 'HTTP(S) and SOCKS5'] },
  { name: 'Budget Residential', points: ['Country and city targeting', 'Lowest price per GB', 'Rotation from 15 minutes to 1 day'] },
];

export default function ResidentialProxiesPage() {
  return (
    <ContentPage
      eyebrow="Residential proxies"
      title="80M+ residential IPs from real households"
      intro="Route requests through genuine home connections and get the same answers real visitors get."
      wide
    >
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {benefits.map(({ icon: Icon, title, body }) => (
          <article key={title} className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
            <Icon className="h-7 w-7 text-brand-600 dark:text-brand-400" />
            <h2 className="mt-3 font-semibold">{title}</h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{body}</p>
          </article>
        ))}
      </div>
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        {tiers.map((tier) => (
          <article key={tier.name} className="rounded-2xl bg-slate-50 p-6 dark:bg-slate-900/60">
            <h2 className="text-xl font-bold">{tier.name}</h2>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
              {tier.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </article>
        ))}
      </div>
      <div className="mt-10 flex flex-wrap gap-3">
        <StartCtaLink className={buttonClasses('primary', 'lg')} />
        <Link to={{ pathname: '/', hash: '#pricing' }} className={buttonClasses('outline', 'lg')}>
          See pricing
        </Link>
      </div>
    </ContentPage>
  );
}
