// Dashboard sidebar: every entry of docs/screens.md#dashboard, collapsible groups, a minimised
// (icons only) mode on wide screens, a slide-in drawer under 1024 px, and the help centre at the
// bottom (in the drawer under 640 px, the display currency below it).
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { CurrencyPicker } from '@/components/display-currency';
import { BookIcon, ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon, CloseIcon, CodeIcon, HelpIcon } from '@/components/ui/icons';
import { BrandMark } from '@/components/brand-mark';
import { Logo, LogoMark } from '@/components/ui/logo';
import type { Schemas } from '@/lib/api-types';
import { API_REFERENCE_PATH } from '@/lib/api-reference';
import { cn } from '@/lib/cn';
import { isGroup, type NavEntry, type NavGroup, type NavLeaf } from './nav-items';

type SidebarProps = {
  /** The entries of this account (./nav-items.ts `navEntriesFor`). */
  entries: NavEntry[];
  /** A reseller's client's brand: shown instead of the shop's mark. */
  brand: Schemas['PublicBrand'] | null;
  minimised: boolean;
  onToggleMinimised: () => void;
  mobileOpen: boolean;
  onCloseMobile: () => void;
};

const itemClass = (active: boolean, compact: boolean) =>
  cn(
    'flex items-center gap-3 rounded-lg text-sm font-medium transition-colors',
    compact ? 'justify-center p-2.5' : 'px-3 py-2',
    active
      ? 'bg-brand-600 text-white dark:bg-brand-600'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
  );

function Leaf({ item, compact, onNavigate }: { item: NavLeaf; compact: boolean; onNavigate: () => void }) {
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      end={item.end}
      onClick={onNavigate}
      className={({ isActive }) => itemClass(isActive, compact)}
      title={compact ? item.label : undefined}
      aria-label={compact ? item.label : undefined}
    >
      <Icon className="h-5 w-5 shrink-0" />
      {!compact && <span className="min-w-0 leading-snug" data-testid="nav-label">{item.label}</span>}
    </NavLink>
  );
}

function Group({ group, onNavigate }: { group: NavGroup; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const containsActive = group.children.some((child) => pathname.startsWith(child.to));
  const [open, setOpen] = useState(true);
  const Icon = group.icon;
  const listId = `sidebar-group-${group.id}`;
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className={cn(itemClass(false, false), 'w-full justify-between', containsActive && 'text-brand-700 dark:text-brand-300')}
      >
        <span className="flex items-center gap-3">
          <Icon className="h-5 w-5 shrink-0" />
          {group.label}
        </span>
        <ChevronDownIcon className={cn('h-4 w-4 transition-transform', !open && '-rotate-90')} />
      </button>
      <ul id={listId} hidden={!open} className="mt-1 ml-4 space-y-1 border-l border-slate-200 pl-2 dark:border-slate-800">
        {group.children.map((child) => (
          <li key={child.to}>
            <Leaf item={child} compact={false} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </li>
  );
}

function NavList({ entries, compact, onNavigate }: { entries: NavEntry[]; compact: boolean; onNavigate: () => void }) {
  return (
    <ul className="space-y-1">
      {entries.map((entry) =>
        isGroup(entry) ? (
          compact ? (
            entry.children.map((child) => (
              <li key={child.to}>
                <Leaf item={child} compact onNavigate={onNavigate} />
              </li>
            ))
          ) : (
            <Group key={entry.id} group={entry} onNavigate={onNavigate} />
          )
        ) : (
          <li key={entry.to}>
            <Leaf item={entry} compact={compact} onNavigate={onNavigate} />
          </li>
        ),
      )}
    </ul>
  );
}

function HelpCentre({ compact }: { compact: boolean }) {
  const link = (active: boolean) => itemClass(active, compact);
  return (
    <div className={cn('border-t border-slate-200 pt-4 dark:border-slate-800', !compact && 'px-1')}>
      {!compact && <p className="mb-2 px-2 text-xs font-semibold text-slate-500 uppercase dark:text-slate-400">Help centre</p>}
      <Link to={{ pathname: '/', hash: '#faq' }} className={link(false)} title={compact ? 'FAQ' : undefined} aria-label={compact ? 'FAQ' : undefined}>
        <HelpIcon className="h-5 w-5 shrink-0" />
        {!compact && 'FAQ'}
      </Link>
      <Link to="/user&guide" className={link(false)} title={compact ? 'User guide' : undefined} aria-label={compact ? 'User guide' : undefined}>
        <BookIcon className="h-5 w-5 shrink-0" />
        {!compact && 'User guide'}
      </Link>
      <Link to={API_REFERENCE_PATH} className={link(false)} title={compact ? 'API reference' : undefined} aria-label={compact ? 'API reference' : undefined}>
        <CodeIcon className="h-5 w-5 shrink-0" />
        {!compact && 'API reference'}
      </Link>
    </div>
  );
}

export function Sidebar({ entries, brand, minimised, onToggleMinimised, mobileOpen, onCloseMobile }: SidebarProps) {
  const drawerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!mobileOpen) return;
    drawerRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseMobile();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [mobileOpen, onCloseMobile]);

  return (
    <>
      {/* wide screens: fixed column, full or minimised */}
      <aside
        aria-label="Dashboard"
        data-testid="sidebar"
        data-minimised={minimised}
        className={cn(
          'sticky top-0 hidden h-screen shrink-0 flex-col gap-4 border-r border-slate-200 bg-white p-3 transition-[width] lg:flex dark:border-slate-800 dark:bg-slate-950',
          minimised ? 'w-[4.5rem]' : 'w-72',
        )}
      >
        <div className={cn('flex h-12 items-center', minimised ? 'justify-center' : 'justify-between px-2')}>
          {brand ? (
            <Link to="/onboard" aria-label={`${brand.name} dashboard`} className="min-w-0 rounded-md">
              <BrandMark brand={brand} compact={minimised} />
            </Link>
          ) : (
            <Link to="/" aria-label="ProxyShop home" className="rounded-md">
              {minimised ? <LogoMark /> : <Logo />}
            </Link>
          )}
        </div>
        <nav aria-label="Dashboard navigation" className="flex-1 overflow-y-auto">
          <NavList entries={entries} compact={minimised} onNavigate={() => undefined} />
        </nav>
        {!brand && <HelpCentre compact={minimised} />}
        <button
          type="button"
          onClick={onToggleMinimised}
          aria-pressed={minimised}
          aria-label={minimised ? 'Expand sidebar' : 'Minimise sidebar'}
          className={cn(itemClass(false, minimised), 'w-full')}
        >
          {minimised ? <ChevronRightIcon className="h-5 w-5" /> : <ChevronLeftIcon className="h-5 w-5" />}
          {!minimised && 'Minimise'}
        </button>
      </aside>

      {/* under 1024 px: slide-in drawer */}
      <div className={cn('fixed inset-0 z-40 lg:hidden', !mobileOpen && 'pointer-events-none')} aria-hidden={!mobileOpen}>
        <div
          className={cn('absolute inset-0 bg-slate-950/50 transition-opacity', mobileOpen ? 'opacity-100' : 'opacity-0')}
          onClick={onCloseMobile}
        />
        <div
          ref={drawerRef}
          id="dashboard-drawer"
          role="dialog"
          aria-modal={mobileOpen}
          aria-label="Dashboard menu"
          inert={!mobileOpen}
          className={cn(
            'absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col gap-4 bg-white p-4 shadow-xl transition-transform dark:bg-slate-950',
            mobileOpen ? 'translate-x-0' : '-translate-x-full',
          )}
        >
          <div className="flex items-center justify-between gap-2">
            {brand ? <BrandMark brand={brand} /> : <Logo />}
            <button type="button" onClick={onCloseMobile} aria-label="Close menu" className="rounded-md p-2 hover:bg-slate-100 dark:hover:bg-slate-800">
              <CloseIcon />
            </button>
          </div>
          <nav aria-label="Dashboard navigation" className="flex-1 overflow-y-auto">
            <NavList entries={entries} compact={false} onNavigate={onCloseMobile} />
          </nav>
          {!brand && <HelpCentre compact={false} />}
          {/* under 640 px the top bar has no room for the display currency: it is here */}
          <CurrencyPicker className="h-10 w-full sm:hidden" />
        </div>
      </div>
    </>
  );
}
