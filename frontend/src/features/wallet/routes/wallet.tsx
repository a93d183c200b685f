// /onboard/wallet: balance with Add Funds, the ledger (paged) and the most recent payments; after a
// checkout (?payment=<id>) the status of that payment, looked at again every few seconds while pending.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BalanceCard } from '@/components/balance-card';
import { Pager } from '@/components/ui/data-table';
import { Card, PageHeader } from '@/components/ui/page-parts';
import type { User } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { PER_PAGE, walletQueryOptions } from '../api/get-wallet';
import { LedgerTable } from '../components/ledger-table';
import { PaymentReturn } from '../components/payment-return';
import { PaymentsTable } from '../components/payments-table';

export default function WalletPage() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const returnedId = searchParams.get('payment');
  const [page, setPage] = useState(1);
  const wallet = useQuery(walletQueryOptions(page, returnedId));
  const data = wallet.data;
  const returned = returnedId ? data?.payments.find((payment) => payment.id === returnedId) : undefined;

  // the wallet answer is the freshest balance: let the top bar show the same number
  const balance = data?.balance;
  useEffect(() => {
    if (balance === undefined) return;
    queryClient.setQueryData<User | null>(queryKeys.session, (current) => (current && current.balance !== balance ? { ...current, balance } : current));
  }, [balance, queryClient]);

  if (!user) return null;
  const loading = wallet.isPending;
  const failed = wallet.isError && !data;

  return (
    <>
      <PageHeader title="Wallet" />
      {returned && <PaymentReturn payment={returned} />}
      <div className="grid gap-6 lg:grid-cols-[1fr_1.5fr]">
        <BalanceCard balance={user.balance} />
        <Card title="How top-ups work">
          <ol className="list-decimal space-y-2 pl-5 text-sm leading-6 text-slate-600 dark:text-slate-300">
            <li>Choose Add Funds, enter an amount in USD and pick a coin: DOGE, TRX, LTC or USDT.</li>
            <li>Pay on the Cryptomus checkout page that opens in a new tab.</li>
            <li>Your balance updates as soon as the payment is confirmed; come back to this tab to see it.</li>
          </ol>
        </Card>
      </div>
      <Card title="Wallet activity" className="mt-6">
        <LedgerTable entries={data?.entries} loading={loading} failed={failed} />
        {data && <Pager label="Wallet activity pages" page={page} perPage={PER_PAGE} total={data.total} onChange={setPage} />}
      </Card>
      <Card title="Payments" className="mt-6">
        <PaymentsTable payments={data?.payments} loading={loading} failed={failed} />
      </Card>
    </>
  );
}
