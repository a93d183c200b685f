// The console's navigation: a fixed column from 1024 px up, a slide-in drawer below.
import { useEffect, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { CloseIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { cn } from '@/lib/cn';
import { ADMIN_NAV } from './nav-items';

function NavList({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <ul className="space-y-1">
      {ADMIN_NAV.map((item) => {
        const Icon = item.icon;
        // the overview is also /admin/dashboard: there its link stays on that address (and current)
        const to = item.end && pathname === '/admin/dashboard' ? pathname : item.to;
        return (
          <li key={item.to}>
            <NavLink
              to={to}
              end={item.end}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                  isActive
                    ? 'bg-brand-600 text-white'
                    : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
                )
              }
            >
              <Icon className="h-5 w-5 shrink-0" />
              {item.label}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}

function Brand() {
  return (
    <Link to="/admin" aria-label="Operator console home" className="flex flex-col rounded-md">
      <Logo />
      <span className="mt-0.5 pl-10 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Operator console</span>
    </Link>
  );
}

export function AdminSidebar({ open, onClose }: { open: boolean; onClose: () => void }) {
  const drawerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    drawerRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);

  return (
    <>
      <aside
        aria-label="Operator console"
        className="sticky top-0 hidden h-screen w-60 shrink-0 flex-col gap-6 border-r border-slate-200 bg-white p-4 lg:flex dark:border-slate-800 dark:bg-slate-950"
      >
        <Brand />
        <nav aria-label="Admin navigation" className="flex-1 overflow-y-auto">
          <NavList onNavigate={() => undefined} />
        </nav>
      </aside>
      <div className={cn('fixed inset-0 z-40 lg:hidden', !open && 'pointer-events-none')} aria-hidden={!open}>
        <div className={cn('absolute inset-0 bg-slate-950/50 transition-opacity', open ? 'opacity-100' : 'opacity-0')} onClick={onClose} />
        <div
          ref={drawerRef}
          id="admin-drawer"
          role="dialog"
          aria-modal={open}
          aria-label="Admin menu"
          inert={!open}
          className={cn(
            'absolute inset-y-0 left-0 flex w-64 max-w-[85vw] flex-col gap-6 bg-white p-4 shadow-xl transition-transform dark:bg-slate-950',
            open ? 'translate-x-0' : '-translate-x-full',
          )}
        >
          <div className="flex items-start justify-between">
            <Brand />
            <button type="button" onClick={onClose} aria-label="Close menu" className="rounded-md p-2 hover:bg-slate-100 dark:hover:bg-slate-800">
              <CloseIcon />
            </button>
          </div>
          <nav aria-label="Admin navigation" className="flex-1 overflow-y-auto">
            <NavList onNavigate={onClose} />
          </nav>
        </div>
      </div>
    </>
  );
}
