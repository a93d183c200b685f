// The settings' section list: links (one per section address), the current one marked with
// aria-current. A vertical side list from lg up; below, one row that scrolls sideways, with the
// current section scrolled into view so that it is never hidden off the edge at 375 px.
import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { settingsPath, settingsSectionsFor } from '@/lib/settings-sections';

export function SettingsNav() {
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  const sections = settingsSectionsFor(useSession().user);

  useEffect(() => {
    const active = list.current?.querySelector<HTMLElement>('[aria-current="page"]');
    active?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  return (
    <nav aria-label="Settings sections" className="-mx-4 sm:mx-0 lg:sticky lg:top-20 lg:self-start">
      <ul ref={list} className="flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:thin] sm:px-0 lg:flex-col lg:gap-1 lg:overflow-visible lg:pb-0">
        {sections.map((section) => (
          <li key={section.slug} className="shrink-0">
            <NavLink
              to={settingsPath(section.slug)}
              className={({ isActive }) =>
                cn(
                  'block rounded-full px-4 py-2 text-sm font-medium whitespace-nowrap transition-colors lg:rounded-lg lg:px-3 lg:whitespace-normal',
                  isActive
                    ? 'bg-brand-600 text-white'
                    : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-800 dark:hover:bg-slate-800 lg:bg-transparent lg:ring-0 lg:dark:bg-transparent',
                )
              }
            >
              {({ isActive }) => (
                <>
                  {section.label}
                  <span className={cn('hidden text-xs font-normal lg:block', isActive ? 'text-brand-100' : 'text-slate-500 dark:text-slate-400')}>
                    {section.summary}
                  </span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
