// /faqs: every frequently asked question.
import { Link } from 'react-router';
import { CHAT_URL } from '@/lib/site';
import { ContentPage } from '../components/content-page';
import { FaqAccordion } from '../components/faq-accordion';
import { faqItems } from '../content/faq';
import { useTrial } from '@/lib/trial';

export default function FaqsPage() {
  const trial = useTrial();
  const intro = trial.offered ? 'Billing, trials, protocols and targeting in one place.' : 'Billing, protocols and targeting in one place.';
  return (
    <ContentPage eyebrow="Help centre" title="Frequently asked questions" intro={intro}>
      <FaqAccordion items={faqItems(trial)} />
      <p className="mt-8 text-sm text-slate-600 dark:text-slate-300">
        Still stuck? Read the{' '}
        <Link to="/user&guide" className="tap-target font-semibold text-brand-700 hover:underline dark:text-brand-300">
          Use Guide &amp; Details
        </Link>{' '}
        or{' '}
        <a href={CHAT_URL} target="_blank" rel="noopener noreferrer" className="tap-target font-semibold text-brand-700 hover:underline dark:text-brand-300">
          chat with support
        </a>
        .
      </p>
    </ContentPage>
  );
}
