// /use-case: overview of what customers do with our proxies.
import { Link } from 'react-router';
import { ArrowRightIcon } from '@/components/ui/icons';
import { ContentPage } from '../components/content-page';
import { USE_CASES } from '../content/use-cases';

export default function UseCasesPage() {
  return (
    <ContentPage eyebrow="Use cases" title="What our customers build with ProxyShop" intro="From price monitoring to ad fraud detection, pick the proxies that fit the job." wide>
      <div className="grid gap-6 sm:grid-cols-2">
        {USE_CASES.map((useCase) => (
          <Link
            key={useCase.slug}
            to={`/use-case/${useCase.slug}`}
            className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-400 dark:border-slate-800 dark:bg-slate-900"
          >
            <h2 className="text-xl font-semibold">{useCase.title}</h2>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{useCase.summary}</p>
            <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 dark:text-brand-300">
              Read more <ArrowRightIcon className="h-4 w-4 transition group-hover:translate-x-0.5" />
            </span>
          </Link>
        ))}
      </div>
    </ContentPage>
  );
}
