// The LTE generate card: protocol, country (GET /api/user/lte_credentials),
// city and ISP (the country's records, filtered by city and protocol), the price per piece of
// the cheapest LTE plan (or the plan picked when there are several; a plan id in the navigation
// state, e.g. from the overview's random pick, preselects one) and Generate, which asks for
// confirmation with the price first, as plans do.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { ConfirmPurchaseDialog } from '@/components/confirm-purchase-dialog';
import { CouponField } from '@/components/coupon-field';
import { useCoupon } from '@/lib/coupons';
import { PlanPrice } from '@/components/plans/plan-price';
import { Button } from '@/components/ui/button';
import { Segmented } from '@/components/ui/segmented';
import { SelectField } from '@/components/ui/select-field';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { plansQueryOptions } from '@/lib/plans';
import { notify } from '@/lib/toast';
import { offerAddFunds } from '@/lib/insufficient-balance';
import { useSession } from '@/lib/session';
import { lteCountriesQueryOptions, lteRecordsQueryOptions } from '../api/get-lte-credentials';
import { resultOf, useGetProxy } from '../api/get-proxy';
import { BUY_PROXIES_TITLE, buyQuestion, planIdOf } from '../buy-request';
import { planIdFromState } from '@/lib/plan-state';
import {
  canGenerate,
  cheapestPlan,
  countryName,
  INITIAL_LTE,
  ispLabel,
  LTE_PROTOCOLS,
  lteCities,
  lteIsps,
  pickedRecord,
  withLteCity,
  withLteCountry,
  withLteProtocol,
} from '../lte-filter';

export function LteForm() {
  const [selection, setSelection] = useState(INITIAL_LTE);
  const location = useLocation();
  const [planId, setPlanId] = useState(() => planIdFromState(location.state) ?? '');
  const [confirming, setConfirming] = useState(false);
  const countries = useQuery(lteCountriesQueryOptions);
  const records = useQuery(lteRecordsQueryOptions(selection.country));
  const plans = useQuery(plansQueryOptions('lte'));
  const getProxy = useGetProxy();
  const [missing, setMissing] = useState<number | null>(null);
  const { user } = useSession();

  const countryOptions = (countries.data ?? []).map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name));
  const list = records.data ?? [];
  const cities = lteCities(list);
  const isps = lteIsps(list, selection);
  const record = pickedRecord(list, selection);
  const planList = plans.data ?? [];
  const plan = planList.find((item) => item.id === planId) ?? cheapestPlan(planList);
  const loading = countries.isPending || plans.isPending || (selection.country !== '' && records.isPending);
  const ready = canGenerate({ record, loading, pending: getProxy.isPending, plan });
  const lteId = plan ? planIdOf(plan) : null;
  const coupon = useCoupon(confirming && lteId !== null ? { type: 'lte', planId: lteId, quantity: 1 } : null);
  const price = coupon.result?.valid ? coupon.result.price : (plan?.price ?? 0);

  function generate() {
    const id = plan ? planIdOf(plan) : null;
    if (!ready || !record || !plan || id === null) return;
    setMissing(null);
    getProxy.mutate(
      { type: 'lte', plan: id, location: record.id, ...(coupon.applied ? { coupon: coupon.applied } : {}) },
      {
        onSuccess: (data) => {
          setConfirming(false);
          const result = resultOf(data);
          if (result.delivered) notify.success(result.message);
          else notify.info(result.message);
        },
        onError: (error) => {
          // refused for the balance: the confirmation stays open with Add funds
          const short = offerAddFunds(error, price, user?.balance ?? 0);
          setMissing(short);
          if (short !== null) return;
          setConfirming(false);
          notify.error(errorMessage(error));
        },
      },
    );
  }

  const cityPlaceholder = !selection.country
    ? 'Select Country First'
    : records.isPending
      ? 'Loading cities…'
      : records.isError
        ? 'Could not load the cities'
        : cities.length === 0 ? 'No cities available' : 'Select City';
  const ispPlaceholder = !selection.city ? 'Select City First' : isps.length === 0 ? 'No ISPs for this protocol' : 'Select ISP';

  return (
    <form
      className="grid gap-4 sm:grid-cols-2"
      noValidate
      aria-label="Generate LTE proxy"
      aria-busy={loading || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready) return;
        coupon.reset();
        setConfirming(true);
      }}
    >
      <Segmented
        legend="Protocol"
        name="lte-protocol"
        options={LTE_PROTOCOLS}
        value={selection.protocol}
        onChange={(protocol) => setSelection(withLteProtocol(selection, protocol, list))}
      />
      <SelectField
        label="Country"
        value={selection.country}
        disabled={countries.isPending || countryOptions.length === 0}
        onChange={(event) => setSelection(withLteCountry(selection, event.target.value))}
      >
        <option value="">{countries.isPending ? 'Loading countries…' : countries.isError ? 'Could not load the countries' : countryOptions.length === 0 ? 'No countries available' : 'Select Country'}</option>
        {countryOptions.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="City"
        value={selection.city}
        disabled={cities.length === 0}
        onChange={(event) => setSelection(withLteCity(selection, event.target.value))}
      >
        <option value="">{cityPlaceholder}</option>
        {cities.map((city) => (
          <option key={city} value={city}>
            {city}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="ISP"
        value={selection.recordId}
        disabled={isps.length === 0}
        onChange={(event) => setSelection({ ...selection, recordId: event.target.value })}
      >
        <option value="">{ispPlaceholder}</option>
        {isps.map((item) => (
          <option key={item.id} value={item.id} disabled={item.amount <= 0}>
            {ispLabel(item)}
          </option>
        ))}
      </SelectField>
      {planList.length > 1 && (
        <SelectField label="Plan" value={plan?.id ?? ''} onChange={(event) => setPlanId(event.target.value)}>
          {planList.map((item) => (
            <option key={item.id} value={item.id}>
              {`${item.name || item.validityPeriod || 'Plan'} · ${formatMoney(item.price)} per piece`}
            </option>
          ))}
        </SelectField>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3 sm:col-span-2">
        <p className="text-sm">
          Price per piece{' '}
          <span className="ml-1 text-xl font-bold tabular-nums" data-testid="lte-price">
            {plans.isPending ? '…' : plan ? <PlanPrice price={plan.price} listPrice={plan.listPrice} /> : 'No plans available'}
          </span>
        </p>
        <Button type="submit" className="w-full sm:w-auto" disabled={!ready} busy={getProxy.isPending}>
          Generate
        </Button>
      </div>
      <ConfirmPurchaseDialog
        open={confirming && record !== null && plan !== null}
        title={BUY_PROXIES_TITLE}
        question={buyQuestion(1)}
        summary={
          record &&
          plan && (
            <>
              {`1 × ${plan.name || 'LTE proxy'} (${record.city}, ${record.isp} · ${record.type}) for `}
              <PlanPrice price={price} listPrice={coupon.result?.valid ? coupon.result.listPrice : plan.listPrice} className="font-semibold" />, paid from your wallet
              balance.
            </>
          )
        }
        busy={getProxy.isPending}
        onConfirm={generate}
        onClose={() => {
          setMissing(null);
          setConfirming(false);
        }}
        missing={missing}
      >
        <CouponField coupon={coupon} />
      </ConfirmPurchaseDialog>
    </form>
  );
}
