// A price as the signed-in customer pays it: their own price of the kind, with the catalogue's
// price struck through beside it when the operator gave them a discount, and the approximate
// amount in the customer's display currency when it has a fresh rate (docs/screens.md#prices).
import { cn } from '@/lib/cn';
import { approximateTitle, formatApproximate, useDisplayCurrency } from '@/lib/display-currency';
import { formatMoney } from '@/lib/format';

type PlanPriceProps = {
  price: number;
  /** The catalogue's price, when it differs from `price`. */
  listPrice?: number | null;
  className?: string;
};

export function PlanPrice({ price, listPrice, className }: PlanPriceProps) {
  const { selected } = useDisplayCurrency();
  const discounted = listPrice != null && listPrice > price;
  return (
    <span className={cn('inline-flex flex-wrap items-baseline gap-1.5', className)}>
      {discounted && (
        <s className="text-[0.7em] font-normal text-slate-500 dark:text-slate-400">
          <span className="sr-only">List price </span>
          {formatMoney(listPrice)}
        </s>
      )}
      <span>
        {discounted && <span className="sr-only">Your price </span>}
        {formatMoney(price)}
      </span>
      {selected && (
        <span data-testid="approximate-price" title={approximateTitle(selected)} className="text-[0.7em] font-normal text-slate-500 dark:text-slate-400">
          <span aria-hidden="true">≈ </span>
          <span className="sr-only">approximately </span>
          {formatApproximate(price, selected)}
        </span>
      )}
    </span>
  );
}
