// Sticky public header: guests get Login and Start Free Trial ("Get started" when the
// shop offers no trial), signed-in visitors their balance and Go to dashboard; a skeleton stands
// in while the session loads.
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { buttonClasses } from '@/components/ui/button-classes';
import { CloseIcon, MenuIcon, WalletIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { paymentModal } from '@/lib/payment-modal';
import { homeFor, useLiveSession, useSession } from '@/lib/session';
import { CHAT_URL } from '@/lib/site';
import { GET_STARTED, GO_TO_DASHBOARD, START_TRIAL, useTrial } from '@/lib/trial';

const navLink =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white';

function NavItems({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      <Link to={{ pathname: '/', hash: '#pricing' }} className={navLink} onClick={onNavigate}>
        Pricing
      </Link>
      <NavLink to="/user&guide" className={navLink} onClick={onNavigate}>
        Use Guide &amp; Details
      </NavLink>
      <a href={CHAT_URL} target="_blank" rel="noopener noreferrer" className={navLink} onClick={onNavigate}>
        Contact Us<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </>
  );
}

function AccountActions({ stacked = false, onNavigate }: { stacked?: boolean; onNavigate?: () => void }) {
  const { user, isLoading } = useSession();
  const trial = useTrial();
  const wrap = cn('flex gap-2', stacked ? 'flex-col items-stretch' : 'items-center');
  if (isLoading) {
    return (
      <div role="status" className={wrap} aria-busy="true" aria-label="Loading your account" data-testid="header-skeleton">
        <Skeleton className={stacked ? 'h-10 w-full' : 'h-9 w-20'} />
        <Skeleton className={stacked ? 'h-10 w-full' : 'h-9 w-32'} />
      </div>
    );
  }
  if (user) {
    return (
      <div className={wrap}>
        <button
          type="button"
          onClick={() => {
            onNavigate?.();
            paymentModal.open();
          }}
          className={buttonClasses('outline', 'sm', stacked ? 'h-10' : undefined)}
          aria-label={`Balance ${formatMoney(user.balance)}, add funds`}
        >
          <WalletIcon className="h-4 w-4" />
          {formatMoney(user.balance)}
        </button>
        <Link to={homeFor(user)} className={buttonClasses('primary', 'sm', stacked ? 'h-10' : undefined)} onClick={onNavigate}>
          {GO_TO_DASHBOARD}
        </Link>
      </div>
    );
  }
  return (
    <div className={wrap}>
      <Link to="/login" className={buttonClasses('ghost', 'sm', stacked ? 'h-10 border border-slate-300 dark:border-slate-600' : undefined)} onClick={onNavigate}>
        Login
      </Link>
      <Link
        to="/register"
        className={buttonClasses('primary', 'sm', stacked ? 'h-10' : undefined)}
        onClick={onNavigate}
        title={trial.offered ? trial.summary : undefined}
      >
        {trial.offered ? START_TRIAL : GET_STARTED}
      </Link>
    </div>
  );
}

export function SiteHeader() {
  const [open, setOpen] = useState(false);
  // a signed-in visitor's balance stays current
  useLiveSession();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="rounded-md" aria-label="ProxyShop home">
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          <NavItems />
        </nav>
        <div className="hidden lg:block">
          <AccountActions />
        </div>
        <button
          type="button"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden dark:text-slate-200 dark:hover:bg-slate-800"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
        </button>
      </div>
      {open && (
        <div id="mobile-menu" className="border-t border-slate-200 px-4 pt-2 pb-4 lg:hidden dark:border-slate-800">
          <nav aria-label="Mobile" className="flex flex-col">
            <NavItems onNavigate={() => setOpen(false)} />
          </nav>
          <div className="mt-3">
            <AccountActions stacked onNavigate={() => setOpen(false)} />
          </div>
        </div>
      )}
    </header>
  );
}
