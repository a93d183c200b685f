// Three reasons to buy, as cards.
import { BoltIcon, ShieldIcon, TargetIcon } from '@/components/ui/icons';
import { ROTATION_COPY } from '@/lib/rotation';

const features = [
  {
    icon: ShieldIcon,
    title: 'Clean, ethically sourced IPs',
    body: '80M+ residential IPs from consenting peers, checked continuously so blocked or flagged addresses leave the pool.',
  },
  {
    icon: TargetIcon,
    title: 'Precise geo-targeting',
    body: `Pick a country, state or city in 200+ locations. ${ROTATION_COPY.premium} ${ROTATION_COPY.budget}`,
  },
  {
    icon: BoltIcon,
    title: 'Fast and always on',
    body: '99.96% uptime, HTTP(S) and SOCKS5 on every plan, and unlimited concurrent connections. Pay only for what you use.',
  },
];

export function FeatureCards() {
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-24">
      <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
        Why teams choose ProxyShop
      </h2>
      <div className="mt-10 grid gap-6 md:grid-cols-3">
        {features.map(({ icon: Icon, title, body }) => (
          <article key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
            <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700 dark:bg-brand-900/60 dark:text-brand-300">
              <Icon />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-300">{body}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
