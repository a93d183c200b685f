// The wallet card of /onboard and /onboard/wallet: balance with 2 decimals and Add Funds, which
// opens the app-wide payment dialog.
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { PlusIcon, WalletIcon } from '@/components/ui/icons';
import { Card } from '@/components/ui/page-parts';
import { formatMoney } from '@/lib/format';
import { paymentModal } from '@/lib/payment-modal';

export function BalanceCard({ balance, children }: { balance: number; children?: ReactNode }) {
  return (
    <Card className="bg-gradient-to-br from-brand-600 to-brand-800 text-white dark:border-brand-900 dark:from-brand-700 dark:to-brand-950">
      <div className="flex items-center gap-2 text-brand-100">
        <WalletIcon className="h-5 w-5" />
        <h2 className="text-sm font-medium">Wallet balance</h2>
      </div>
      <p className="mt-3 text-4xl font-extrabold tabular-nums" data-testid="wallet-balance">
        {formatMoney(balance)}
      </p>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button variant="inverse" onClick={() => paymentModal.open()}>
          <PlusIcon className="h-4 w-4" />
          Add Funds
        </Button>
        {children}
      </div>
    </Card>
  );
}
