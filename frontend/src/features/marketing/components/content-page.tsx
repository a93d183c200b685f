// Layout of the text pages (legal, guides, use cases): a title band and a readable column.
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { MarketingShell } from './marketing-shell';

type ContentPageProps = {
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  wide?: boolean;
};

export function ContentPage({ eyebrow, title, intro, children, wide = false }: ContentPageProps) {
  useDocumentTitle(title);
  return (
    <MarketingShell>
      <div className="bg-gradient-to-b from-brand-50 to-white dark:from-brand-950/50 dark:to-slate-950">
        <div className="mx-auto max-w-4xl px-4 pt-14 pb-10 sm:px-6 lg:px-8">
          {eyebrow && <p className="text-sm font-semibold text-brand-700 uppercase dark:text-brand-300">{eyebrow}</p>}
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
          {intro && <div className="mt-4 text-lg text-slate-600 dark:text-slate-300">{intro}</div>}
        </div>
      </div>
      <div className={wide ? 'mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8' : 'mx-auto max-w-4xl px-4 pb-16 sm:px-6 lg:px-8'}>
        {children}
      </div>
    </MarketingShell>
  );
}

/** A titled section of prose inside a content page (`id`: its anchor, clear of the sticky header). Its links get 3 px of padding above and below:
 * a 24 px tall tap target (WCAG 2.5.8) that still wraps with the sentence. */
export function ProseSection({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section id={id} className="mt-10 scroll-mt-24 first:mt-0">
      <h2 className="text-xl font-bold tracking-tight">{title}</h2>
      <div className="mt-3 space-y-3 leading-7 text-slate-700 dark:text-slate-300 [&_a]:py-[3px] [&_a]:font-semibold [&_a]:text-brand-700 dark:[&_a]:text-brand-300 [&_li]:ml-5 [&_ul]:list-disc [&_ol]:list-decimal [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-sm dark:[&_code]:bg-slate-800">
        {children}
      </div>
    </section>
  );
}
