// /onboard/buy, "Buy from <brand>": a reseller's client buys GB of the kinds its reseller sells, at
// the reseller's prices, paid from the client's own wallet (topped up as anyone's). Never the shop's
// prices. While the reseller sells nothing the page says so (the server's own words).
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Card, EmptyState, PageHeader } from '@/components/ui/page-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import type { Schemas } from '@/lib/api-types';
import { clientCatalogueQueryOptions } from '@/lib/client-catalogue';
import { formatMoney } from '@/lib/format';
import { kindName } from '@/lib/kinds';
import { paymentModal } from '@/lib/payment-modal';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useClientPurchase } from '../api/purchase';
import { purchaseSchema, type PurchaseValues } from '../schemas';

const CLOSED = 'Your provider does not sell traffic here: ask your provider';

function PriceCard({ price }: { price: Schemas['ClientPrice'] }) {
  const purchase = useClientPurchase();
  const [confirm, setConfirm] = useState<number | null>(null);
  const { register, control, handleSubmit, setError, formState: { errors } } = useForm<PurchaseValues>({
    resolver: zodResolver(purchaseSchema),
    defaultValues: { gb: '10' },
  });
  const gb = Number(useWatch({ control, name: 'gb' }));
  const total = Number.isFinite(gb) && gb > 0 ? gb * price.pricePerGb : null;
  const name = kindName(price.type);
  const buy = (amount: number) =>
    purchase.mutate(
      { type: price.type, gb: amount },
      {
        onSuccess: (data) => {
          notify.success(data.message);
          setConfirm(null);
        },
        onError: (error) => {
          setConfirm(null);
          applyFieldErrors(error, ['gb'], setError);
          if (error instanceof ApiError && error.status === 402) {
            notify.error(error.message, { action: { label: 'Add funds', onClick: () => paymentModal.open() } });
          } else notify.error(errorMessage(error));
        },
      },
    );
  return (
    <Card title={name}>
      <p className="text-2xl font-bold tabular-nums">
        {formatMoney(price.pricePerGb)} <span className="text-sm font-normal text-slate-600 dark:text-slate-400">per GB</span>
      </p>
      <form noValidate onSubmit={(event) => void handleSubmit((values) => setConfirm(Number(values.gb)))(event)} className="mt-4 flex flex-wrap items-start gap-3">
        <Field label={`GB of ${name}`} inputMode="numeric" autoComplete="off" className="w-40" error={errors.gb?.message} {...register('gb')} />
        <Button type="submit" className="sm:mt-7" busy={purchase.isPending}>
          Buy{total !== null && !errors.gb ? ` for ${formatMoney(total)}` : ''}
        </Button>
      </form>
      <Dialog open={confirm !== null} onClose={() => setConfirm(null)} title={`Buy ${confirm ?? 0} GB of ${name}?`} description={`${formatMoney((confirm ?? 0) * price.pricePerGb)} is taken from your wallet.`}>
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={() => setConfirm(null)} disabled={purchase.isPending}>
            Cancel
          </Button>
          <Button busy={purchase.isPending} onClick={() => confirm !== null && buy(confirm)}>
            Buy
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}

export default function ClientBuyPage() {
  const { user } = useSession();
  const catalogue = useQuery({ ...clientCatalogueQueryOptions, enabled: Boolean(user?.resellerClient) });
  if (!user) return null;
  const title = user.brand ? `Buy from ${user.brand.name}` : 'Buy traffic';
  if (!user.resellerClient) {
    return (
      <>
        <PageHeader title={title} />
        <EmptyState title="Nothing to buy here" body="Plans are on the Dashboard and on each proxy page." />
      </>
    );
  }
  const data = catalogue.data;
  return (
    <>
      <PageHeader
        title={title}
        actions={
          data?.open && (
            <Button variant="outline" onClick={() => paymentModal.open()}>
              Add funds · {formatMoney(user.balance)}
            </Button>
          )
        }
      />
      {catalogue.isPending && <Skeleton className="h-40 w-full" />}
      {catalogue.isError && <p className="text-sm text-red-700 dark:text-red-400">{errorMessage(catalogue.error)}</p>}
      {data && !data.open && <EmptyState title={CLOSED} />}
      {data?.open && data.prices.length === 0 && <EmptyState title="Nothing on sale right now" body="Ask your provider." />}
      {data?.open && data.prices.length > 0 && (
        <div className="grid gap-6 lg:grid-cols-2">
          {data.prices.map((price) => (
            <PriceCard key={price.type} price={price} />
          ))}
        </div>
      )}
    </>
  );
}
