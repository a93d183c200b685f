// Add a stock entry (kind, country and capacity required) and edit an entry's capacity and state.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Path } from 'react-hook-form';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { notify } from '@/lib/toast';
import { useCreateStock, useUpdateStock } from '../../api/save-stock';
import { STOCK_KINDS, stockEditSchema, stockSchema, type StockEditValues, type StockValues } from '../../schemas';
import type { StockItem } from '../../types';
import { FormButtons } from '../confirm-step';
import { showServerError } from '../server-errors';
import { toStockBody } from './stock-body';
import { kindName } from '../../kinds';

const FIELDS: ReadonlyArray<Path<StockValues>> = ['type', 'code', 'country', 'isp', 'ispName', 'city', 'connType', 'ip', 'capacity'];
export function StockCreateDialog({ defaultType, onClose }: { defaultType?: StockValues['type']; onClose: () => void }) {
  const create = useCreateStock();
  const { register, handleSubmit, setError, formState: { errors } } = useForm<StockValues>({
    resolver: zodResolver(stockSchema),
    defaultValues: { type: defaultType ?? 'static', code: '', country: '', isp: '', ispName: '', city: '', connType: '', ip: '', capacity: '' },
  });
  const submit = handleSubmit((values) =>
    create.mutate(toStockBody(values), {
      onSuccess: (item) => {
        notify.success(`Stock entry added: ${kindName(item.type)} ${item.country.toUpperCase()}, capacity ${item.capacity}`);
        onClose();
      },
      onError: (error) => showServerError(error, setError, FIELDS),
    }),
  );
  return (
    <Dialog open wide onClose={onClose} title="Add stock entry">
      <form noValidate onSubmit={(event) => void submit(event)} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField label="Kind" error={errors.type?.message} {...register('type')}>
          {STOCK_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kindName(kind)}
            </option>
          ))}
        </SelectField>
        <Field label="Country" autoComplete="off" placeholder="US" error={errors.country?.message} {...register('country')} />
        <Field label="Capacity" inputMode="numeric" autoComplete="off" error={errors.capacity?.message} {...register('capacity')} />
        <Field label="Code (optional)" autoComplete="off" error={errors.code?.message} {...register('code')} />
        <Field label="ISP (optional)" autoComplete="off" error={errors.isp?.message} {...register('isp')} />
        <Field label="ISP name (optional)" autoComplete="off" error={errors.ispName?.message} {...register('ispName')} />
        <Field label="City (optional)" autoComplete="off" error={errors.city?.message} {...register('city')} />
        <Field label="Connection type (optional)" autoComplete="off" placeholder="HTTPS" error={errors.connType?.message} {...register('connType')} />
        <Field label="IP (optional)" autoComplete="off" error={errors.ip?.message} className="sm:col-span-2" {...register('ip')} />
        <div className="sm:col-span-2">
          <FormButtons onCancel={onClose} submitLabel="Add entry" busy={create.isPending} />
        </div>
      </form>
    </Dialog>
  );
}

export function StockEditDialog({ item, onClose }: { item: StockItem; onClose: () => void }) {
  const update = useUpdateStock();
  const { register, handleSubmit, setError, formState: { errors } } = useForm<StockEditValues>({
    resolver: zodResolver(stockEditSchema),
    defaultValues: { capacity: String(item.capacity), active: item.active },
  });
  const submit = handleSubmit((values) => {
    const capacity = Number(values.capacity);
    update.mutate(
      { id: item.id, ...(capacity !== item.capacity ? { capacity } : {}), ...(values.active !== item.active ? { active: values.active } : {}) },
      {
        onSuccess: (saved) => {
          notify.success(`Stock entry saved: capacity ${saved.capacity}, ${saved.active ? 'active' : 'inactive'}`);
          onClose();
        },
        onError: (error) => showServerError(error, setError, ['capacity', 'active']),
      },
    );
  });
  const where = [kindName(item.type), item.country.toUpperCase(), item.city, item.ispName ?? item.isp].filter(Boolean).join(' · ');
  return (
    <Dialog open onClose={onClose} title="Edit stock entry" description={`${where}. ${item.sold} sold, so capacity can go down to ${item.sold}.`}>
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <Field label="Capacity" inputMode="numeric" autoComplete="off" error={errors.capacity?.message} {...register('capacity')} />
        <label className="flex min-h-6 items-center gap-2 text-sm font-medium">
          <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register('active')} />
          Active (can be sold)
        </label>
        <FormButtons onCancel={onClose} submitLabel="Save" busy={update.isPending} />
      </form>
    </Dialog>
  );
}
