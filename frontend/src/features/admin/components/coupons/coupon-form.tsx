// Create or edit a coupon: code, a percent or an amount off, the kinds it applies to (none ticked:
// every kind), its limits and its validity window. An edit sends only the fields that changed.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { notify } from '@/lib/toast';
import { useSaveCoupon } from '../../api/coupons';
import { kindName } from '../../kinds';
import { PLAN_KINDS } from '../../schemas';
import type { AdminCoupon } from '../../types';
import { FormButtons } from '../confirm-step';
import { showServerError } from '../server-errors';
import { EMPTY_COUPON, couponPatch, couponSchema, couponToValues, newCouponBody, type CouponValues } from './coupon-values';

const FIELDS: ReadonlyArray<Path<CouponValues>> = [
  'code',
  'percentOff',
  'amountOff',
  'kinds',
  'minSpend',
  'maxUses',
  'maxUsesPerCustomer',
  'firstPurchaseOnly',
  'validFrom',
  'validUntil',
  'active',
];
const CHECK = 'flex min-h-6 items-center gap-2 text-sm font-medium';

export function CouponFormDialog({ coupon, onClose }: { coupon: AdminCoupon | null; onClose: () => void }) {
  const save = useSaveCoupon();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CouponValues>({ resolver: zodResolver(couponSchema), defaultValues: coupon ? couponToValues(coupon) : EMPTY_COUPON });
  const percent = useWatch({ control, name: 'discount' }) === 'percent';

  const submit = handleSubmit((values) => {
    const body = coupon ? couponPatch(coupon, values) : newCouponBody(values);
    if (coupon && Object.keys(body).length === 0) {
      notify.info('Nothing changed');
      onClose();
      return;
    }
    save.mutate(
      { id: coupon ? coupon.id : null, body },
      {
        onSuccess: (saved) => {
          notify.success(coupon ? `Coupon ${saved.code} saved` : `Coupon ${saved.code} created`);
          onClose();
        },
        onError: (error) => showServerError(error, setError, FIELDS),
      },
    );
  });

  // The server names the missing discount `percentOff` whichever type is chosen.
  const discountError = percent ? errors.percentOff?.message : (errors.amountOff?.message ?? errors.percentOff?.message);

  return (
    <Dialog
      open
      wide
      onClose={onClose}
      title={coupon ? `Edit coupon ${coupon.code}` : 'New coupon'}
      description={coupon ? 'Purchases already made keep the price they paid.' : 'Customers may type the code in any case.'}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Code" autoComplete="off" placeholder="SPRING20" className="sm:col-span-2" error={errors.code?.message} {...register('code')} />
        <SelectField label="Discount type" {...register('discount')}>
          <option value="percent">Percent off</option>
          <option value="amount">Amount off (USD)</option>
        </SelectField>
        {percent ? (
          <Field key="percentOff" label="Percent off" inputMode="numeric" autoComplete="off" hint="1 to 90." error={discountError} {...register('percentOff')} />
        ) : (
          <Field
            key="amountOff"
            label="Amount off (USD)"
            inputMode="decimal"
            autoComplete="off"
            hint="Applies only to a price above it."
            error={discountError}
            {...register('amountOff')}
          />
        )}
        <fieldset className="sm:col-span-2" aria-describedby={errors.kinds?.message ? 'coupon-kinds-error' : undefined}>
          <legend className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">Applies to (none ticked: every kind)</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
            {PLAN_KINDS.map((kind) => (
              <label key={kind} className={CHECK}>
                <input type="checkbox" value={kind} className="h-4 w-4 accent-brand-600" {...register('kinds')} />
                {kindName(kind)}
              </label>
            ))}
          </div>
          {errors.kinds?.message && (
            <p id="coupon-kinds-error" className="mt-1.5 text-sm text-red-600 dark:text-red-400">
              {errors.kinds.message}
            </p>
          )}
        </fieldset>
        <Field
          label="Minimum spend (USD, optional)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="No minimum"
          error={errors.minSpend?.message}
          {...register('minSpend')}
        />
        <Field label="Max uses (optional)" inputMode="numeric" autoComplete="off" placeholder="No limit" error={errors.maxUses?.message} {...register('maxUses')} />
        <Field label="Max uses per customer" inputMode="numeric" autoComplete="off" error={errors.maxUsesPerCustomer?.message} {...register('maxUsesPerCustomer')} />
        <label className={`${CHECK} sm:mt-7`}>
          <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register('firstPurchaseOnly')} />
          First purchase only
        </label>
        <Field
          label="Valid from (optional)"
          type="datetime-local"
          hint="Your local time; empty: from now on."
          error={errors.validFrom?.message}
          {...register('validFrom')}
        />
        <Field
          label="Valid until (optional)"
          type="datetime-local"
          hint="Your local time; empty: no end."
          error={errors.validUntil?.message}
          {...register('validUntil')}
        />
        <label className={`${CHECK} sm:col-span-2`}>
          <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register('active')} />
          Active (customers can use it)
        </label>
        <div className="sm:col-span-2">
          <FormButtons onCancel={onClose} submitLabel={coupon ? 'Save coupon' : 'Create coupon'} busy={save.isPending} />
        </div>
      </form>
    </Dialog>
  );
}
