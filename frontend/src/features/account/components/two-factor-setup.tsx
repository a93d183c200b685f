// Turning two-factor sign-in on: the new secret as a QR code and as text, then one code from the
// app; the answer's recovery codes are handed up to be shown once.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { copyText } from '@/lib/clipboard';
import { notify } from '@/lib/toast';
import { useEnableTwoFactor, type TwoFactorSetupData as Setup } from '../api/two-factor';
import { enableSchema, groupSecret, type EnableValues } from '../schemas';
import { CodeField } from '@/components/code-field';
import { QrCode } from './qr-code';

export function TwoFactorSetup({ setup, onEnabled, onCancel }: { setup: Setup; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const enable = useEnableTwoFactor();
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EnableValues>({ resolver: zodResolver(enableSchema), defaultValues: { code: '' } });

  const onSubmit = handleSubmit((values) =>
    enable.mutate(values.code, {
      onSuccess: (data) => {
        notify.success(data.message);
        onEnabled(data.recoveryCodes);
      },
      onError: (error) => {
        applyFieldErrors(error, ['code'], setError);
        notify.error(errorMessage(error));
      },
    }),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
        <li>Open an authenticator app (Google Authenticator, 1Password, Authy…).</li>
        <li>Scan the QR code, or enter the key below by hand.</li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-wrap items-start justify-center gap-4">
        <QrCode text={setup.otpauthUrl} label="QR code for your authenticator app" />
        <div className="min-w-48 flex-1 space-y-2">
          <p className="text-sm font-medium text-slate-700 dark:text-slate-200">Setup key</p>
          <p className="rounded-md bg-slate-100 px-3 py-2 font-mono text-sm break-words dark:bg-slate-800" data-testid="totp-secret">
            {groupSecret(setup.secret)}
          </p>
          <Button variant="outline" size="sm" onClick={() => void copyText(setup.secret, 'Copied to clipboard')}>
            Copy key
          </Button>
        </div>
      </div>
      <CodeField control={control} name="code" label="Code from the app" error={errors.code?.message} />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onCancel} disabled={enable.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={enable.isPending}>
          Turn on
        </Button>
      </div>
    </form>
  );
}
