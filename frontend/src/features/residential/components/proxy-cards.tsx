// The right-hand cards of the generator pages: Credentials (username, masked password, copy
// buttons, "Not Generated" at first) and Proxy (the string in the chosen output format, a
// field-by-field breakdown where a click copies the value, Copy for the selected line and
// Download for every line generated).
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { CopyIcon, DownloadIcon, EyeIcon, EyeOffIcon, ListIcon } from '@/components/ui/icons';
import { Card, EmptyState } from '@/components/ui/page-parts';
import { copyText } from '@/lib/clipboard';
import { downloadProxy, formatProxy, type ProxyFormat, type ProxyParts } from '../proxy-format';

export const NOT_GENERATED = 'Not Generated';
export const USERNAME_COPIED = 'Username copied to clipboard';
export const PASSWORD_COPIED = 'Password copied to clipboard';
export const PROXY_COPIED = 'Proxy copied to clipboard';
export const VALUE_COPIED = 'Copied to clipboard';

const MASK = '••••••••••';

const iconButton =
  'inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-200 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-50 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-white';

function CredentialRow({ label, children, actions }: { label: string; children: ReactNode; actions: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
      <dt className="shrink-0 text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="flex min-w-0 items-center gap-1">
        <span className="min-w-0 truncate font-mono" data-testid={`credential-${label.toLowerCase()}`}>
          {children}
        </span>
        {actions}
      </dd>
    </div>
  );
}

export function CredentialsCard({ proxy }: { proxy: ProxyParts | null }) {
  const [shown, setShown] = useState(false);
  return (
    <Card title="Credentials">
      <dl className="space-y-3 text-sm">
        <CredentialRow
          label="Username"
          actions={
            <button
              type="button"
              className={iconButton}
              aria-label="Copy username"
              disabled={!proxy}
              onClick={() => proxy && void copyText(proxy.username, USERNAME_COPIED)}
            >
              <CopyIcon className="h-4 w-4" />
            </button>
          }
        >
          {proxy ? <span title={proxy.username}>{proxy.username}</span> : NOT_GENERATED}
        </CredentialRow>
        <CredentialRow
          label="Password"
          actions={
            <>
              <button
                type="button"
                className={iconButton}
                aria-label={shown ? 'Hide password' : 'Show password'}
                aria-pressed={shown}
                disabled={!proxy}
                onClick={() => setShown((value) => !value)}
              >
                {shown ? <EyeOffIcon className="h-4 w-4" /> : <EyeIcon className="h-4 w-4" />}
              </button>
              <button
                type="button"
                className={iconButton}
                aria-label="Copy password"
                disabled={!proxy}
                onClick={() => proxy && void copyText(proxy.password, PASSWORD_COPIED)}
              >
                <CopyIcon className="h-4 w-4" />
              </button>
            </>
          }
        >
          {proxy ? shown ? proxy.password : <>
                <span aria-hidden="true">{MASK}</span>
                <span className="sr-only">Hidden</span>
              </> : NOT_GENERATED}
        </CredentialRow>
      </dl>
    </Card>
  );
}

type ProxyCardProps = {
  /** The selected line. */
  proxy: ProxyParts | null;
  /** Every line of the last generation (the download holds them all). */
  all: ProxyParts[];
  format: ProxyFormat;
};

export function ProxyCard({ proxy, all, format }: ProxyCardProps) {
  const text = proxy ? formatProxy(proxy, format) : null;
  const everyLine = all.length > 0 ? all.map((line) => formatProxy(line, format)).join('\n') : null;
  const fields: Array<[string, string]> = proxy
    ? [
        ['Host', proxy.host],
        ['Port', proxy.port],
        ['Username', proxy.username],
        ['Password', proxy.password],
      ]
    : [];
  return (
    <Card
      title="Proxy"
      actions={
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => downloadProxy(everyLine)}>
            <DownloadIcon className="h-4 w-4" />
            Download
          </Button>
          <Button size="sm" disabled={!text} onClick={() => text && void copyText(text, PROXY_COPIED)}>
            <CopyIcon className="h-4 w-4" />
            Copy
          </Button>
        </div>
      }
    >
      {text ? (
        <>
          <p className="rounded-lg bg-slate-900 px-3 py-3 font-mono text-sm break-all text-slate-100 dark:bg-slate-950" data-testid="proxy-string">
            {text}
          </p>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">Format: {format}</p>
          <dl className="mt-4 divide-y divide-slate-100 text-sm dark:divide-slate-800">
            {fields.map(([label, value]) => (
              <div key={label} className="flex items-center justify-between gap-3 py-2">
                <dt className="shrink-0 text-slate-600 dark:text-slate-300">{label}</dt>
                <dd className="min-w-0">
                  <button
                    type="button"
                    onClick={() => void copyText(value, VALUE_COPIED)}
                    title="Click to copy"
                    aria-label={`${label}: ${value}. Copy`}
                    className="max-w-full truncate rounded px-1 text-right font-mono hover:bg-slate-100 hover:text-brand-700 dark:hover:bg-slate-800 dark:hover:text-brand-300"
                  >
                    {value}
                  </button>
                </dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <EmptyState icon={<ListIcon className="h-8 w-8" />} title="No Proxy Generated" body="No proxy generated yet. Please generate a proxy first." />
      )}
    </Card>
  );
}
