// Dashboard top bar: drawer button (under 1024 px), the display currency (approximate prices;
// from 640 px: narrower screens have it in the drawer), theme switch, notifications (the
// bell), balance (opens the payment dialog) and the user menu.
import { MenuIcon, WalletIcon } from '@/components/ui/icons';
import type { User } from '@/lib/api-types';
import { formatMoney } from '@/lib/format';
import { paymentModal } from '@/lib/payment-modal';
import { CurrencyPicker } from '@/components/display-currency';
import { ThemeSwitch } from '@/components/theme-switch';
import { NotificationBell } from './notification-bell';
import { UserMenu } from './user-menu';

type TopBarProps = {
  user: User;
  /** false for a reseller's client whose reseller sells nothing: no balance, no top-up */
  wallet: boolean;
  onOpenMenu: () => void;
  menuOpen: boolean;
};

export function TopBar({ user, wallet, onOpenMenu, menuOpen }: TopBarProps) {
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6 dark:border-slate-800 dark:bg-slate-950/90">
      <button
        type="button"
        onClick={onOpenMenu}
        aria-label="Open menu"
        aria-controls="dashboard-drawer"
        aria-expanded={menuOpen}
        className="rounded-md p-2 hover:bg-slate-100 lg:hidden dark:hover:bg-slate-800"
      >
        <MenuIcon />
      </button>
      <div className="flex flex-1 items-center justify-end gap-2 sm:gap-4">
        <CurrencyPicker className="hidden h-9 sm:block" />
        <ThemeSwitch />
        <NotificationBell />
        {wallet && (
        <button
          type="button"
          onClick={() => paymentModal.open()}
          aria-label={`Balance ${formatMoney(user.balance)}, add funds`}
          className="inline-flex h-9 items-center gap-2 rounded-full bg-brand-50 px-3 text-sm font-semibold text-brand-800 hover:bg-brand-100 dark:bg-brand-950 dark:text-brand-200 dark:hover:bg-brand-900"
        >
          <WalletIcon className="h-4 w-4" />
          {formatMoney(user.balance)}
        </button>
        )}
        <UserMenu user={user} />
      </div>
    </header>
  );
}
