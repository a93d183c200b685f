// Landing FAQ block, the target of /#faq.
import { Link } from 'react-router';
import { faqItems } from '../content/faq';
import { useTrial } from '@/lib/trial';
import { FaqAccordion } from './faq-accordion';

export function FaqSection() {
  const trial = useTrial();
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-20 bg-slate-50 py-16 lg:py-24 dark:bg-slate-900/40">
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <h2 id="faq-title" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
          Frequently asked questions
        </h2>
        <div className="mt-10">
          <FaqAccordion items={faqItems(trial).slice(0, 6)} />
        </div>
        <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
          More answers on the{' '}
          <Link to="/faqs" className="tap-target font-semibold text-brand-700 hover:underline dark:text-brand-300">
            FAQ page
          </Link>
          .
        </p>
      </div>
    </section>
  );
}
