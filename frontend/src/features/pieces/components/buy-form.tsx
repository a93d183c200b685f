// The buy form of the static, IPv4 and IPv6 pages (docs/screens.md#proxies-by-the-piece): country
// (and ISP for static; a new country clears the ISP), quantity as numeric text (default 1), the
// live total of plan price × quantity (the customer's own price), Buy (which asks for
// confirmation with the total first, as plans do, and takes a coupon there) and Back to the plan
// list. Out-of-stock options cannot be picked. A refusal for an
// insufficient balance keeps the confirmation open with the missing amount and Add funds.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ConfirmPurchaseDialog } from '@/components/confirm-purchase-dialog';
import { CouponField } from '@/components/coupon-field';
import { PlanPrice } from '@/components/plans/plan-price';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { ChevronLeftIcon } from '@/components/ui/icons';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api-client';
import { type CouponResult, useCoupon } from '@/lib/coupons';
import { formatMoney } from '@/lib/format';
import { offerAddFunds } from '@/lib/insufficient-balance';
import { useSession } from '@/lib/session';
import { planTitle, type Plan } from '@/lib/plans';
import type { BuyKind } from '@/lib/kinds';
import { notify } from '@/lib/toast';
import { resultOf, useGetProxy } from '../api/get-proxy';
import { stockQueryOptions, type StockChoice } from '../api/get-server-credentials';
import {
  BUY_PROXIES_TITLE,
  buyBody,
  buyQuestion,
  buySchema,
  INITIAL_VALUES,
  numericText,
  piecesTotal,
  planIdOf,
  SELECT_ALL_FIELDS,
  stockLabel,
  totalPrice,
  type BuyValues,
} from '../buy-request';

function StockOptions({ items }: { items: ReadonlyArray<StockChoice> }) {
  return items.map((item) => (
    <option key={item.value} value={item.value} disabled={item.amount <= 0}>
      {stockLabel(item)}
    </option>
  ));
}

/** "2 × Static 30 days (United States, Comcast) at $2.50 each: $5.00 in total, paid from your
 * wallet balance." With a coupon that applies, its total, the list total struck through. */
function PieceSummary({ plan, values, countries, isps, coupon }: { plan: Plan; values: BuyValues; countries: ReadonlyArray<StockChoice>; isps: ReadonlyArray<StockChoice>; coupon: CouponResult | null }) {
  const where = [countries.find((item) => item.value === values.country)?.name, isps.find((item) => item.value === values.isp)?.name].filter(Boolean).join(', ');
  const total = coupon?.valid ? coupon.price : piecesTotal(plan, values.quantity);
  const list = coupon?.valid ? coupon.listPrice : plan.listPrice == null ? null : totalPrice(plan.listPrice, values.quantity);
  return (
    <>
      {`${values.quantity.trim()} × ${planTitle(plan)}${where ? ` (${where})` : ''} at ${formatMoney(plan.price)} each: `}
      <PlanPrice price={total} listPrice={list} className="font-semibold" /> in total, paid from your wallet balance.
    </>
  );
}

export function BuyForm({ kind, plan, onBack }: { kind: BuyKind; plan: Plan; onBack: () => void }) {
  const stock = useQuery(stockQueryOptions(kind));
  const getProxy = useGetProxy();
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** The valid form values waiting for the customer's confirmation. */
  const [confirming, setConfirming] = useState<BuyValues | null>(null);
  const [missing, setMissing] = useState<number | null>(null);
  const { user } = useSession();
  const planId = planIdOf(plan);
  const coupon = useCoupon(confirming && planId !== null ? { type: kind, planId, quantity: Number(confirming.quantity.trim()) } : null);
  const { register, handleSubmit, setValue, setError, control, formState } = useForm<BuyValues>({
    resolver: zodResolver(buySchema(kind)),
    defaultValues: INITIAL_VALUES,
    mode: 'onChange',
  });
  const [country, quantity] = useWatch({ control, name: ['country', 'quantity'] });
  const quantityField = register('quantity');
  const countries = stock.data?.countries ?? [];
  const isps = stock.data?.isps[country] ?? [];

  // the form replaces the plan list: move focus to it so keyboard users are not lost
  useEffect(() => headingRef.current?.focus(), []);

  function buy(values: BuyValues) {
    const id = planIdOf(plan);
    if (id === null || getProxy.isPending) return;
    setMissing(null);
    const body = buyBody(kind, id, values);
    getProxy.mutate(coupon.applied ? { ...body, coupon: coupon.applied } : body, {
      onSuccess: (data) => {
        setConfirming(null);
        const result = resultOf(data);
        if (result.delivered) notify.success(result.message);
        else notify.info(result.message);
      },
      onError: (error) => {
        const short = offerAddFunds(error, coupon.result?.valid ? coupon.result.price : piecesTotal(plan, values.quantity), user?.balance ?? 0);
        setMissing(short);
        if (short !== null) return;
        setConfirming(null);
        const field = error instanceof ApiError ? error.fields.quantity : undefined;
        if (field) setError('quantity', { type: 'server', message: field });
        notify.error(errorMessage(error));
      },
    });
  }

  const onSubmit = handleSubmit(
    (values) => {
      coupon.reset();
      setConfirming(values);
    },
    (invalid) => {
      if (invalid.country || invalid.isp) notify.error(SELECT_ALL_FIELDS);
    },
  );

  return (
    <section aria-labelledby="buy-form-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="buy-form-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
            Buy {planTitle(plan)}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="piece-price">
            <PlanPrice price={plan.price} listPrice={plan.listPrice} /> per piece
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={onBack}>
          <ChevronLeftIcon className="h-4 w-4" />
          Back
        </Button>
      </div>
      <form className="grid gap-4 sm:grid-cols-2" noValidate aria-label="Buy proxies" onSubmit={(event) => void onSubmit(event)}>
        {stock.isPending ? (
          <div role="status" className="space-y-2 sm:col-span-2" aria-busy="true" aria-label="Loading locations">
            <Skeleton className="h-4 w-20" />
            <Skeleton className="h-11 w-full" />
          </div>
        ) : stock.isError ? (
          <div className="flex items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 sm:col-span-2 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200">
            <span>Could not load the locations.</span>
            <Button size="sm" variant="outline" onClick={() => void stock.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <>
            <SelectField label="Country" disabled={countries.length === 0} {...register('country', { onChange: () => setValue('isp', '') })}>
              <option value="">{countries.length === 0 ? 'No countries available' : 'Select Country'}</option>
              <StockOptions items={countries} />
            </SelectField>
            {kind === 'static' && (
              <SelectField label="ISP" disabled={isps.length === 0} {...register('isp')}>
                <option value="">{!country ? 'Select Country First' : isps.length === 0 ? 'No ISPs available' : 'Select ISP'}</option>
                <StockOptions items={isps} />
              </SelectField>
            )}
          </>
        )}
        <Field
          label="Quantity"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          error={formState.errors.quantity?.message}
          {...quantityField}
          onChange={(event) => {
            event.target.value = numericText(event.target.value);
            void quantityField.onChange(event);
          }}
        />
        <div className="flex flex-wrap items-center justify-between gap-3 sm:col-span-2">
          <p className="text-sm">
            Total price{' '}
            <output className="ml-1 text-xl font-bold tabular-nums" data-testid="total-price" aria-live="polite">
              {formatMoney(piecesTotal(plan, quantity))}
            </output>
          </p>
          <Button type="submit" className="w-full sm:w-auto" busy={getProxy.isPending}>
            Buy
          </Button>
        </div>
      </form>
      <ConfirmPurchaseDialog
        open={confirming !== null}
        title={BUY_PROXIES_TITLE}
        question={buyQuestion(Number(confirming?.quantity ?? 1))}
        summary={confirming && <PieceSummary plan={plan} values={confirming} countries={countries} isps={stock.data?.isps[confirming.country] ?? []} coupon={coupon.result} />}
        busy={getProxy.isPending}
        onConfirm={() => confirming && buy(confirming)}
        onClose={() => {
          setMissing(null);
          setConfirming(null);
        }}
        missing={missing}
      >
        <CouponField coupon={coupon} />
      </ConfirmPurchaseDialog>
    </section>
  );
}
