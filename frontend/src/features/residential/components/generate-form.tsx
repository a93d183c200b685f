// The Generate card of the premium and budget pages (docs/screens.md#residential-generators):
// protocol, rotation,
// country → state (premium) → city, each optional ("Any country" first: no targeting; a country
// alone targets the country), rotation time (budget, Rotating only), quantity (1 to 1000 lines), output format and, when the customer has sub-users of the kind, the credential of the
// lines (the main account or one of them). Busy while the call is pending; a new country clears state and city.
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { Segmented } from '@/components/ui/segmented';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { settingsPath } from '@/lib/settings-sections';
import { useSession } from '@/lib/session';
import { subusersQueryOptions, usableSubusers } from '@/lib/subusers';
import { notify } from '@/lib/toast';
import { locationsQueryOptions, type Country, type Place } from '../api/get-locations';
import { useGenerate } from '../api/generate';
import {
  buildGenerateRequest,
  MAX_QUANTITY,
  PROTOCOLS,
  ROTATION_TIMES,
  ROTATIONS,
  withCountry,
  withState,
  type GenerateForm as Form,
  type GeneratorKind,
} from '../generate-request';
import { ALLOWLIST_FORMAT, DEFAULT_FORMAT, isProxyFormat, parseProxy, PROXY_FORMATS, type ProxyFormat, type ProxyParts } from '../proxy-format';
import { SearchSelect } from './search-select';

const selectClasses = `${inputClasses} border-slate-300 dark:border-slate-700`;

const AUTH_CHOICES = [
  { value: 'credentials', label: 'Credentials' },
  { value: 'allowlist', label: 'IP allowlist' },
] as const;

function NativeSelect({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={selectClasses}>
        {children}
      </select>
    </div>
  );
}

/** The first entry of each place list: no targeting at that level. */
const ANY_COUNTRY: Place = { code: '', name: 'Any country' };
const ANY_STATE: Place = { code: '', name: 'Any state' };
const ANY_CITY: Place = { code: '', name: 'Any city' };

/** "Any" above the places listed; nothing when none are (the select shows why it is disabled). */
const withAny = (any: Place, places: Place[]): Place[] => (places.length > 0 ? [any, ...places] : []);

/** The states and cities the current choice offers, each optional. */
function choices(kind: GeneratorKind, countries: Country[], form: Form) {
  const country = countries.find((c) => c.code === form.country);
  const states: Place[] = kind === 'premium' ? (country?.states ?? []) : [];
  const cities: Place[] =
    kind === 'premium' ? (country?.states.find((s) => s.code === form.state)?.cities ?? []) : (country?.cities ?? []);
  return { states, cities };
}

type GenerateFormProps = {
  kind: GeneratorKind;
  form: Form;
  onFormChange: (form: Form) => void;
  format: ProxyFormat;
  onFormatChange: (format: ProxyFormat) => void;
  /** Every line generated, and whether they are Socks5 lines. */
  onGenerated: (proxies: ProxyParts[], socks: boolean) => void;
};

export function GenerateForm({ kind, form, onFormChange, format, onFormatChange, onGenerated }: GenerateFormProps) {
  const locations = useQuery(locationsQueryOptions(kind));
  const generate = useGenerate();
  // a reseller's client has no sub-users and no IP allowlist (the server refuses it both)
  const client = useSession().user?.resellerClient ?? false;
  const subusers = useQuery({ ...subusersQueryOptions, enabled: !client });
  const credentials = usableSubusers(subusers.data, kind);
  // a sub-user deleted, disabled or not loaded (yet) falls back to the main account
  const subuser = credentials.some((item) => String(item.id) === form.subuser) ? form.subuser : '';
  const countries = locations.data ?? [];
  const { states, cities } = choices(kind, countries, form);
  const set = (patch: Partial<Form>) => onFormChange({ ...form, ...patch });
  const quantityId = useId();

  function submit() {
    if (generate.isPending) return;
    const request = buildGenerateRequest(kind, { ...form, subuser });
    if (!request.ok) {
      notify.error(request.message);
      return;
    }
    const socks = form.port === 'socks5';
    generate.mutate(request, {
      onSuccess: ({ proxies, message }) => {
        const parts = proxies.map(parseProxy);
        if (parts.some((part) => part === null)) {
          notify.error('The proxy returned could not be read');
          return;
        }
        onGenerated(parts.filter((part): part is ProxyParts => part !== null), socks);
        notify.success(message);
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  }

  // shown only while the city cannot be picked (with cities listed, "Any city" is)
  const cityPlaceholder = !form.country
    ? 'Select Country First'
    : kind === 'premium' && !form.state && states.length > 0
      ? 'Select State First'
      : 'No cities listed';

  return (
    <form
      className="grid gap-4 sm:grid-cols-2"
      noValidate
      aria-label="Generate proxy"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Segmented legend="Protocol" name={`${kind}-protocol`} options={PROTOCOLS} value={form.port} onChange={(port) => set({ port })} />
      <Segmented legend="Rotation" name={`${kind}-rotation`} options={ROTATIONS} value={form.rotation} onChange={(rotation) => set({ rotation })} />
      {locations.isPending ? (
        <div role="status" className="space-y-2 sm:col-span-2" aria-busy="true" aria-label="Loading locations">
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-11 w-full" />
        </div>
      ) : locations.isError ? (
        <div className="flex items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 sm:col-span-2 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200">
          <span>Could not load the locations.</span>
          <Button size="sm" variant="outline" onClick={() => void locations.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <>
          <SearchSelect
            label="Country"
            placeholder="No countries available"
            options={withAny(ANY_COUNTRY, countries)}
            value={form.country}
            disabled={countries.length === 0}
            onChange={(country) => onFormChange(withCountry(form, country))}
          />
          {kind === 'premium' && (
            <SearchSelect
              label="State"
              placeholder={!form.country ? 'Select Country First' : 'No states listed'}
              options={withAny(ANY_STATE, states)}
              value={form.state}
              disabled={states.length === 0}
              onChange={(state) => onFormChange(withState(form, state))}
            />
          )}
          <SearchSelect
            label="City"
            placeholder={cityPlaceholder}
            options={withAny(ANY_CITY, cities)}
            value={form.city}
            disabled={cities.length === 0}
            onChange={(city) => set({ city })}
          />
        </>
      )}
      {kind === 'budget' && form.rotation === 'random' && (
        <NativeSelect label="Rotation time" value={String(form.lifetime)} onChange={(value) => set({ lifetime: Number(value) })}>
          {ROTATION_TIMES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.name}
            </option>
          ))}
        </NativeSelect>
      )}
      <div>
        <label htmlFor={quantityId} className="mb-1.5 block text-sm font-medium">
          Quantity
        </label>
        <input
          id={quantityId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={form.quantity}
          // Only digits: the number field accepts only numeric text.
          onChange={(event) => set({ quantity: event.target.value.replace(/\D/g, '').slice(0, 4) })}
          aria-describedby={`${quantityId}-hint`}
          className={selectClasses}
        />
        <p id={`${quantityId}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          1 to {MAX_QUANTITY} lines{form.rotation === 'sticky' ? ', each with its own session' : ''}
        </p>
      </div>
      {!client && (
        <Segmented
          legend="Authentication"
          name={`${kind}-auth`}
          options={AUTH_CHOICES}
          value={format === ALLOWLIST_FORMAT ? 'allowlist' : 'credentials'}
          onChange={(auth) => onFormatChange(auth === 'allowlist' ? ALLOWLIST_FORMAT : DEFAULT_FORMAT)}
        />
      )}
      {format === ALLOWLIST_FORMAT && !client ? (
        <p className="self-end text-sm text-slate-600 dark:text-slate-300">
          Lines are <span className="font-mono">host:port</span>: connections from your allowlisted addresses need no
          credentials. Manage them in{' '}
          <Link to={settingsPath('access')} className="font-medium text-brand-700 underline dark:text-brand-300">
            Settings → IP allowlist
          </Link>
          .
        </p>
      ) : (
        <NativeSelect label="Output format" value={format} onChange={(value) => isProxyFormat(value) && onFormatChange(value)}>
          {PROXY_FORMATS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect>
      )}
      {format !== ALLOWLIST_FORMAT && credentials.length > 0 && (
        <NativeSelect label="Credential" value={subuser} onChange={(value) => set({ subuser: value })}>
          <option value="">Main account</option>
          {credentials.map((item) => (
            <option key={item.id} value={String(item.id)}>
              Sub-user {item.name}
            </option>
          ))}
        </NativeSelect>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" className="w-full sm:w-auto" busy={generate.isPending}>
          Generate
        </Button>
      </div>
    </form>
  );
}
