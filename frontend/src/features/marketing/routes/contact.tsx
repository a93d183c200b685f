// /contact: contact channels for sales and support.
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-classes';
import { ChatIcon, HelpIcon, MailIcon } from '@/components/ui/icons';
import { CHAT_URL, SUPPORT_EMAIL } from '@/lib/site';
import { ContentPage } from '../components/content-page';

const cardClass = 'flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900';

export default function ContactPage() {
  return (
    <ContentPage eyebrow="Contact" title="Talk to us" intro="Questions about plans, volume pricing or a failing request? Pick the channel that suits you." wide>
      <div className="grid gap-6 md:grid-cols-3">
        <article className={cardClass}>
          <ChatIcon className="h-7 w-7 text-brand-600 dark:text-brand-400" />
          <h2 className="mt-4 text-lg font-semibold">Live chat</h2>
          <p className="mt-2 flex-1 text-sm text-slate-600 dark:text-slate-300">24/7, typical reply in under 5 minutes.</p>
          <a href={CHAT_URL} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary', 'md', 'mt-5')}>
            Start chat<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </article>
        <article className={cardClass}>
          <MailIcon className="h-7 w-7 text-brand-600 dark:text-brand-400" />
          <h2 className="mt-4 text-lg font-semibold">Email</h2>
          <p className="mt-2 flex-1 text-sm text-slate-600 dark:text-slate-300">For invoices, partnerships and volume quotes.</p>
          <a href={`mailto:${SUPPORT_EMAIL}`} className={buttonClasses('outline', 'md', 'mt-5')}>
            {SUPPORT_EMAIL}
          </a>
        </article>
        <article className={cardClass}>
          <HelpIcon className="h-7 w-7 text-brand-600 dark:text-brand-400" />
          <h2 className="mt-4 text-lg font-semibold">Help centre</h2>
          <p className="mt-2 flex-1 text-sm text-slate-600 dark:text-slate-300">Set-up guides and answers to common questions.</p>
          <Link to="/user&guide" className={buttonClasses('outline', 'md', 'mt-5')}>
            Read the guide
          </Link>
        </article>
      </div>
    </ContentPage>
  );
}
