// The Catalogue tab: whether the reseller's clients may buy traffic from it (paid from their own
// wallet), and its price per GB of each kind beside what one GB costs it at the shop. A kind
// without a price is not sold.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card } from '@/components/ui/page-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useCatalogue, useSaveCatalogue, type Catalogue } from '../api/catalogue';
import { MUTED, trafficKindName } from '../format';
import { catalogueSchema, toNumber, TRAFFIC_KINDS, type CatalogueValues } from '../schemas';

const priceText = (catalogue: Catalogue | undefined, type: string) => {
  const price = catalogue?.prices.find((line) => line.type === type)?.pricePerGb;
  return price === null || price === undefined ? '' : price.toFixed(2);
};

const valuesOf = (catalogue: Catalogue | undefined): CatalogueValues => ({
  clientPurchases: catalogue?.clientPurchases ?? false,
  premium: priceText(catalogue, 'premium'),
  budget: priceText(catalogue, 'budget'),
});

export function CatalogueTab() {
  const catalogue = useCatalogue();
  const save = useSaveCatalogue();
  const problemId = useId();
  const { register, control, handleSubmit, setError, reset, clearErrors, formState: { errors } } = useForm<CatalogueValues>({
    resolver: zodResolver(catalogueSchema),
    defaultValues: valuesOf(undefined),
  });
  useEffect(() => reset(valuesOf(catalogue.data)), [catalogue.data, reset]);

  const onSave = (values: CatalogueValues) => {
    clearErrors('root');
    save.mutate(
      {
        clientPurchases: values.clientPurchases,
        prices: TRAFFIC_KINDS.filter((kind) => values[kind].trim() !== '').map((kind) => ({ type: kind, pricePerGb: toNumber(values[kind]) })),
      },
      {
        onSuccess: () => notify.success('Catalogue saved'),
        onError: (error) => {
          // the server names the list (`prices`) or the price (`pricePerGb`), not the kind
          const fields = error instanceof ApiError ? error.fields : {};
          const problem = fields.clientPurchases ?? fields.prices ?? fields.pricePerGb;
          if (problem) setError('root', { type: 'server', message: problem });
          notify.error(errorMessage(error));
        },
      },
    );
  };

  if (catalogue.isPending) {
    return (
      <Card title="Catalogue">
        <Skeleton className="h-40 w-full" />
      </Card>
    );
  }
  if (catalogue.isError) {
    return (
      <Card title="Catalogue">
        <p className="text-sm text-red-700 dark:text-red-400">{errorMessage(catalogue.error)}</p>
      </Card>
    );
  }
  return (
    <Card title="Catalogue">
      <form noValidate onSubmit={(event) => void handleSubmit(onSave)(event)} className="space-y-6" aria-describedby={errors.root ? problemId : undefined}>
        <div className="flex items-start gap-3">
          <Controller
            control={control}
            name="clientPurchases"
            render={({ field }) => <Switch checked={field.value} label="Clients may buy from you" onChange={field.onChange} />}
          />
          <div>
            <p className="text-sm font-medium">Clients may buy from you</p>
            <p className={cn('text-sm', MUTED)}>They top up their own wallet and buy GB at your prices; the shop charges you its cost for each sale.</p>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {TRAFFIC_KINDS.map((kind) => {
            const cost = catalogue.data.prices.find((line) => line.type === kind)?.costPerGb;
            return (
              <Field
                key={kind}
                label={`${trafficKindName(kind)}, $ per GB`}
                inputMode="decimal"
                autoComplete="off"
                placeholder="Not sold"
                hint={cost === null || cost === undefined ? 'The shop sells none now.' : `Costs you ${formatMoney(cost)} per GB.`}
                error={errors[kind]?.message}
                {...register(kind)}
              />
            );
          })}
        </div>
        {errors.root && (
          <p id={problemId} role="alert" className="text-sm text-red-600 dark:text-red-400">
            {errors.root.message}
          </p>
        )}
        <Button type="submit" busy={save.isPending}>
          Save catalogue
        </Button>
      </form>
    </Card>
  );
}
