// FAQ accordion: at most one item is open at a time; clicking the open one closes it.
import { useId, useState } from 'react';
import { ChevronDownIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import type { FaqItem } from '../content/faq';

export function FaqAccordion({ items }: { items: FaqItem[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {items.map((item, index) => {
        const expanded = open === index;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div key={item.question}>
            <h3>
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : index)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium hover:bg-slate-50 dark:hover:bg-slate-800/60"
              >
                {item.question}
                <ChevronDownIcon className={cn('shrink-0 transition-transform', expanded && 'rotate-180')} />
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!expanded}
              className="max-h-96 overflow-y-auto px-5 pb-5 text-sm leading-6 text-slate-600 dark:text-slate-300"
            >
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
