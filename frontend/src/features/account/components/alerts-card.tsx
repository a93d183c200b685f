// Alerts: when the shop tells the customer about their account (traffic used, days before traffic
// or a proxy expires, wallet balance, traffic running out at the recent pace), always in the notification centre (the bell) and by
// email when "Email me" is on, and to the webhook URL when one is set. The daily usage report
// (opt-in) goes by the same channels. Lists are typed as comma-separated whole numbers; the
// server checks them (422 per field).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card } from '@/components/ui/page-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { notify } from '@/lib/toast';
import { type AlertSettings, useAlerts, useSaveAlerts } from '../api/alerts';
import { DeliveryLog, RotateSecretButton, SecretShownOnce } from './webhook-panel';

type AlertValues = {
  trafficPercent: string;
  expiryDays: string;
  balanceBelow: string;
  runsOutWithinDays: string;
  email: boolean;
  dailyReport: boolean;
  webhookUrl: string;
};
const FIELDS = ['trafficPercent', 'expiryDays', 'balanceBelow', 'runsOutWithinDays', 'email', 'dailyReport', 'webhookUrl'] as const;

/** "80, 95" as [80, 95]; anything that is not a whole number is sent as is for the server to refuse. */
function numbers(text: string): number[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
}

function valuesOf(s: AlertSettings): AlertValues {
  const ascending = (list: number[]) => [...list].sort((a, b) => a - b).join(', ');
  return {
    trafficPercent: ascending(s.trafficPercent),
    expiryDays: [...s.expiryDays].sort((a, b) => b - a).join(', '),
    balanceBelow: s.balanceBelow == null ? '' : String(s.balanceBelow),
    runsOutWithinDays: s.runsOutWithinDays == null ? '' : String(s.runsOutWithinDays),
    email: s.email,
    dailyReport: s.dailyReport,
    webhookUrl: s.webhookUrl ?? '',
  };
}

function AlertsForm({ settings, onSecret }: { settings: AlertSettings; onSecret: (secret: string) => void }) {
  const save = useSaveAlerts();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<AlertValues>({ defaultValues: valuesOf(settings) });

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      {
        trafficPercent: numbers(values.trafficPercent),
        expiryDays: numbers(values.expiryDays),
        balanceBelow: values.balanceBelow.trim() === '' ? null : Number(values.balanceBelow),
        runsOutWithinDays: values.runsOutWithinDays.trim() === '' ? null : Number(values.runsOutWithinDays),
        email: values.email,
        dailyReport: values.dailyReport,
        webhookUrl: values.webhookUrl.trim() === '' ? null : values.webhookUrl.trim(),
      },
      {
        onSuccess: (data) => {
          notify.success('Alerts saved');
          reset(valuesOf(data));
          if (data.webhookSecret) onSecret(data.webhookSecret);
        },
        onError: (error) => {
          applyFieldErrors(error, FIELDS, setError);
          notify.error(errorMessage(error));
        },
      },
    ),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Field
        label="Traffic used (%)"
        inputMode="numeric"
        placeholder="80, 95"
        error={errors.trafficPercent?.message}
        {...register('trafficPercent')}
      />
      <Field
        label="Days before expiry"
        inputMode="numeric"
        placeholder="3, 1"
        error={errors.expiryDays?.message}
        {...register('expiryDays')}
      />
      <Field
        label="Balance below ($)"
        inputMode="decimal"
        placeholder="Off"
        error={errors.balanceBelow?.message}
        {...register('balanceBelow')}
      />
      <Field
        label="Runs out within (days)"
        inputMode="numeric"
        placeholder="Off"
        hint="At your pace of the last 7 days"
        error={errors.runsOutWithinDays?.message}
        {...register('runsOutWithinDays')}
      />
      <label className="flex min-h-6 items-center gap-2 text-sm font-medium sm:col-span-2 lg:col-span-4">
        <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register('email')} />
        Email me too (alerts always show under the bell)
      </label>
      <div className="sm:col-span-2 lg:col-span-4">
        <label className="flex min-h-6 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand-600"
            aria-describedby="daily-report-hint"
            {...register('dailyReport')}
          />
          Daily usage report
        </label>
        <p id="daily-report-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          Each morning (after 00:30 UTC), yesterday's traffic, success rate, top hosts and failures, under the bell, by email when on and to the webhook when set.
        </p>
      </div>
      <div className="sm:col-span-2 lg:col-span-4">
        <Field
          label="Webhook URL"
          type="url"
          inputMode="url"
          placeholder="https://example.com/proxyshop-hook (optional)"
          error={errors.webhookUrl?.message}
          {...register('webhookUrl')}
        />
      </div>
      <div className="flex flex-wrap gap-3 sm:col-span-2 lg:col-span-4">
        <Button type="submit" busy={save.isPending} disabled={!isDirty}>
          Save alerts
        </Button>
        {settings.webhookUrl && <RotateSecretButton onRotated={onSecret} />}
      </div>
    </form>
  );
}

export function AlertsCard() {
  const { data } = useAlerts();
  // A new signing secret, shown until the customer is done with it; never fetched again.
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Card title="Alerts">
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        Traffic used is per traffic kind; days before expiry count for traffic and proxies; "runs out within" watches when each traffic kind runs out at your pace of the last 7 days; leave a field empty for no alert of that kind. Each alert fires once when its threshold is crossed, and again after a purchase or top-up moves the figure back. A webhook URL receives every notification as a signed JSON POST, the daily usage report included.
      </p>
      {data ? <AlertsForm settings={data} onSecret={setSecret} /> : <Skeleton className="h-24 w-full" />}
      {secret && <SecretShownOnce secret={secret} onDone={() => setSecret(null)} />}
      <DeliveryLog />
    </Card>
  );
}
