// The Brand tab: the white label the reseller's clients see instead of the shop's (name, colour,
// support contact, the address of its sign-in page and the host its clients' lines name), the logo,
// and a preview of the sign-in link. The logo's size and kind are checked here before it is sent;
// the server checks them again.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { BrandMark } from '@/components/brand-mark';
import { CopyProxyButton } from '@/components/copy-proxy-button';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card } from '@/components/ui/page-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { imageKind } from '@/lib/image-kind';
import { notify } from '@/lib/toast';
import { useBrand, useDeleteLogo, useSaveBrand, useUploadLogo, type ResellerBrand } from '../api/brand';
import { MUTED } from '../format';
import { brandSchema, LOGO_MAX_BYTES, RESELLER_MESSAGES, type BrandValues } from '../schemas';
import { showServerError } from './server-errors';

const FIELDS = ['name', 'slug', 'colour', 'supportEmail', 'supportUrl', 'proxyHost'] as const;
const DEFAULT_COLOUR = '#4f46e5';

const valuesOf = (brand: ResellerBrand | null | undefined): BrandValues => ({
  name: brand?.name ?? '',
  slug: brand?.slug ?? '',
  colour: brand?.colour ?? DEFAULT_COLOUR,
  supportEmail: brand?.supportEmail ?? '',
  supportUrl: brand?.supportUrl ?? '',
  proxyHost: brand?.proxyHost ?? '',
});

/** The branded sign-in page's address on this site. */
const signInLink = (slug: string) => `${globalThis.location.origin}/r/${slug}`;

function BrandForm({ brand }: { brand: ResellerBrand | null }) {
  const save = useSaveBrand();
  const { register, control, handleSubmit, setError, setValue, reset, formState: { errors } } = useForm<BrandValues>({
    resolver: zodResolver(brandSchema),
    defaultValues: valuesOf(brand),
  });
  useEffect(() => reset(valuesOf(brand)), [brand, reset]);
  const colour = useWatch({ control, name: 'colour' });
  const onSave = (values: BrandValues) => {
    const optional = (text: string) => text.trim() || null;
    save.mutate(
      {
        name: values.name.trim(),
        slug: values.slug.trim(),
        colour: values.colour.trim().toLowerCase(),
        supportEmail: optional(values.supportEmail),
        supportUrl: optional(values.supportUrl),
        proxyHost: optional(values.proxyHost),
      },
      {
        onSuccess: () => notify.success('Brand saved'),
        onError: (error) => showServerError(error, setError, FIELDS),
      },
    );
  };
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSave)(event)} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field label="Brand name" autoComplete="organization" error={errors.name?.message} {...register('name')} />
      <Field
        label="Address"
        autoComplete="off"
        spellCheck={false}
        hint="Lower-case letters, digits and hyphens. Your sign-in page is /r/ followed by it."
        error={errors.slug?.message}
        {...register('slug')}
      />
      <Field
        label="Colour"
        autoComplete="off"
        spellCheck={false}
        error={errors.colour?.message}
        trailing={
          <input
            type="color"
            aria-label="Pick the colour"
            value={/^#[0-9a-f]{6}$/i.test(colour) ? colour.toLowerCase() : DEFAULT_COLOUR}
            onChange={(event) => setValue('colour', event.target.value, { shouldValidate: true })}
            className="h-11 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 dark:border-slate-700 dark:bg-slate-900"
          />
        }
        {...register('colour')}
      />
      <Field label="Support email (optional)" type="email" autoComplete="off" error={errors.supportEmail?.message} {...register('supportEmail')} />
      <Field label="Support page (optional)" type="url" autoComplete="off" placeholder="https://" error={errors.supportUrl?.message} {...register('supportUrl')} />
      <Field
        label="Proxy host (optional)"
        autoComplete="off"
        spellCheck={false}
        placeholder="proxy.example.com"
        hint="Your clients' lines name this host: point it at the shop's gateway with a DNS CNAME."
        error={errors.proxyHost?.message}
        {...register('proxyHost')}
      />
      <div className="sm:col-span-2">
        <Button type="submit" busy={save.isPending}>
          Save brand
        </Button>
      </div>
    </form>
  );
}

function LogoPanel({ brand }: { brand: ResellerBrand | null }) {
  const upload = useUploadLogo();
  const remove = useDeleteLogo();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const problemId = useId();
  const busy = upload.isPending || remove.isPending;

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    if (file.size > LOGO_MAX_BYTES) return setProblem(RESELLER_MESSAGES.logoSize);
    if (!(await imageKind(file))) return setProblem(RESELLER_MESSAGES.logoType);
    upload.mutate(file, {
      onSuccess: () => notify.success('Logo saved'),
      onError: (error) => setProblem(errorMessage(error)),
    });
  }

  return (
    <div>
      <h3 className="text-base font-semibold">Logo</h3>
      <p className={cn('mt-1 text-sm', MUTED)}>PNG, JPEG or WebP, at most 2 MB. It is scaled to fit 480 × 160.</p>
      {!brand && <p className={cn('mt-2 text-sm', MUTED)}>Save your brand first.</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="sr-only"
          aria-label="Logo file"
          aria-describedby={problem ? problemId : undefined}
          disabled={!brand || busy}
          onChange={(event) => void onChoose(event)}
          tabIndex={-1}
        />
        <Button size="sm" disabled={!brand || busy} busy={upload.isPending} onClick={() => inputRef.current?.click()}>
          {brand?.logoUrl ? 'Replace logo' : 'Upload logo'}
        </Button>
        {brand?.logoUrl && (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            busy={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => notify.success('Logo removed'),
                onError: (error) => notify.error(errorMessage(error)),
              })
            }
          >
            Remove logo
          </Button>
        )}
      </div>
      {problem && (
        <p id={problemId} role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
          {problem}
        </p>
      )}
    </div>
  );
}

function Preview({ brand }: { brand: ResellerBrand }) {
  const link = signInLink(brand.slug);
  return (
    <div>
      <h3 className="text-base font-semibold">Your clients see</h3>
      <div className="mt-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800" style={{ borderTopColor: brand.colour, borderTopWidth: 4 }}>
        <BrandMark brand={brand} />
      </div>
      <p className={cn('mt-3 text-sm', MUTED)}>Their sign-in page:</p>
      <div className="mt-1 flex min-w-0 items-center gap-1">
        <a href={link} target="_blank" rel="noreferrer" className="min-w-0 font-mono text-sm wrap-anywhere text-brand-700 hover:underline dark:text-brand-300" data-testid="sign-in-link">
          {link}
        </a>
        <CopyProxyButton proxy={link} message="Sign-in link copied" label="Copy the sign-in link" />
      </div>
      {brand.proxyHost && <p className={cn('mt-3 text-sm wrap-anywhere', MUTED)}>Their lines name {brand.proxyHost}.</p>}
    </div>
  );
}

export function BrandTab() {
  const brand = useBrand();
  if (brand.isPending) {
    return (
      <Card title="Brand">
        <Skeleton className="h-40 w-full" />
      </Card>
    );
  }
  if (brand.isError) {
    return (
      <Card title="Brand">
        <p className="text-sm text-red-700 dark:text-red-400">{errorMessage(brand.error)}</p>
      </Card>
    );
  }
  const current = brand.data ?? null;
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)]">
      <Card title="Brand">
        <p className={cn('mb-4 text-sm', MUTED)}>Your clients see this instead of the shop&apos;s name, on their sign-in page and dashboard.</p>
        <BrandForm brand={current} />
      </Card>
      <Card className="space-y-6">
        <LogoPanel brand={current} />
        {current && <Preview brand={current} />}
      </Card>
    </div>
  );
}
