// One bought piece in "Your proxies" (docs/renewals.md#what-a-piece-shows): its number and kind,
// its own line (host:port:username:password, in full, with Copy), where it exits, its country,
// ISP, username, order and expiry, its last check with a Check button, the auto-renew switch and
// Renew. Every control's accessible name names the piece ("Auto-renew proxy #12 (203.0.113.7)"),
// so a screen reader tells them apart. A bordered card under 640 px, a row of the list above. A
// reseller's piece held by one of its clients says which ("Held by …").
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { CopyIcon } from '@/components/ui/icons';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';
import { copyText } from '@/lib/clipboard';
import { formatMoney } from '@/lib/format';
import { kindLabel } from '@/lib/kinds';
import { notify } from '@/lib/toast';
import { type OwnedPiece, type PieceCheck, useCheckPiece, useSetAutoRenew } from '../api/renewals';
import { countryName } from '../lte-filter';
import { pieceLine, pieceName, when } from '../piece-identity';
import { PROXY_COPIED } from './piece-history';

function ExpiryText({ piece }: { piece: OwnedPiece }) {
  if (piece.state === 'grace') {
    return (
      <span className="text-amber-700 dark:text-amber-400">
        Expired {when(piece.expiresAt)} · renew by {when(piece.renewableUntil)} to keep this address
      </span>
    );
  }
  return <span>Expires {when(piece.expiresAt)}</span>;
}

function Detail({ term, children, wide }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2 min-w-0 sm:col-span-3 lg:col-span-6' : 'min-w-0'}>
      <dt className="text-xs text-slate-500 dark:text-slate-400">{term}</dt>
      <dd className="break-words text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

const unknown = (text: string) => <span className="text-slate-500 dark:text-slate-400">{text}</span>;

function CheckText({ check }: { check: PieceCheck }) {
  const at = `checked ${when(check.checkedAt)}`;
  return check.ok ? (
    <span className="text-emerald-700 dark:text-emerald-400">
      Works · exit IP <span className="font-mono">{check.exitIp}</span> · {check.latencyMs} ms · {at}
    </span>
  ) : (
    <span className="text-red-700 dark:text-red-300">
      Failed: {check.error} · {at}
    </span>
  );
}

/** The check under way, its refusal (e.g. too many checks), or the piece's last check. */
function CheckOutcome({ piece, check }: { piece: OwnedPiece; check: ReturnType<typeof useCheckPiece> }) {
  if (check.isPending) return <span className="text-slate-600 dark:text-slate-300">Checking…</span>;
  if (check.isError) return <span className="text-red-700 dark:text-red-300">{errorMessage(check.error)}</span>;
  const last = check.data ?? piece.lastCheck;
  if (last) return <CheckText check={last} />;
  return unknown(piece.checkable ? 'Not checked yet' : 'Served by the provider: test it with your own client');
}

export function PieceItem({ piece, heldBy, onRenew }: { piece: OwnedPiece; heldBy?: string; onRenew: () => void }) {
  const setAutoRenew = useSetAutoRenew();
  const check = useCheckPiece();
  const name = pieceName(piece);
  const title = `Proxy #${piece.id}`;
  const toggle = (autoRenew: boolean) =>
    setAutoRenew.mutate(
      { id: piece.id, autoRenew },
      {
        onSuccess: () => notify.success(`Auto-renew ${autoRenew ? 'on' : 'off'} for ${name}`),
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  const sellable = piece.renewalPrice != null;
  const renewText = sellable ? `Renew · ${formatMoney(piece.renewalPrice ?? 0)}` : 'Not renewable';
  return (
    <li
      className="rounded-xl border border-slate-200 p-4 sm:rounded-none sm:border-0 sm:px-0 sm:py-4 dark:border-slate-800"
      data-testid="piece-row"
      aria-label={title}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="text-sm font-semibold text-slate-900 dark:text-slate-100">{title}</h3>
        <span className="text-xs text-slate-600 dark:text-slate-300">{kindLabel(piece.type)}</span>
        {piece.state === 'grace' && (
          <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-600/20 ring-inset dark:bg-amber-950/60 dark:text-amber-200 dark:ring-amber-400/30">
            Grace period
          </span>
        )}
        {heldBy && (
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium break-all text-brand-800 ring-1 ring-brand-600/20 ring-inset dark:bg-brand-950 dark:text-brand-200 dark:ring-brand-400/30" data-testid="piece-holder">
            Held by {heldBy}
          </span>
        )}
      </div>
      <div className="mt-2 flex items-start gap-2">
        <code className="min-w-0 flex-1 rounded-md bg-slate-50 px-2 py-1.5 font-mono text-xs break-all text-slate-900 sm:text-sm dark:bg-slate-800/60 dark:text-slate-100">
          {pieceLine(piece)}
        </code>
        <Button variant="outline" size="sm" className="h-9 shrink-0" aria-label={`Copy ${name}`} onClick={() => void copyText(pieceLine(piece), PROXY_COPIED)}>
          <CopyIcon className="h-4 w-4" />
          Copy
        </Button>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-6">
        <Detail term="Exit IP">{piece.exitIp ? <span className="font-mono">{piece.exitIp}</span> : unknown('Not known yet')}</Detail>
        <Detail term="Country">{piece.country ? `${countryName(piece.country)}${piece.city ? ` · ${piece.city}` : ''}` : unknown('—')}</Detail>
        <Detail term="ISP">{piece.isp ?? unknown('—')}</Detail>
        <Detail term="Username">
          <span className="font-mono break-all">{piece.username}</span>
        </Detail>
        <Detail term="Order">#{piece.orderId}</Detail>
        {/* the grace period's longer sentence takes a row of its own */}
        <Detail term="Expiry" wide={piece.state === 'grace'}>
          <ExpiryText piece={piece} />
        </Detail>
      </dl>
      <p className="mt-3 text-xs" role="status" aria-label={`Check of ${name}`}>
        <CheckOutcome piece={piece} check={check} />
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-3">
        {piece.checkable && (
          <Button variant="outline" size="sm" className="h-9" busy={check.isPending} aria-label={`Check ${name}`} onClick={() => check.mutate(piece.id)}>
            Check
          </Button>
        )}
        <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <Switch checked={piece.autoRenew} label={`Auto-renew ${name}`} disabled={setAutoRenew.isPending} onChange={toggle} />
          Auto-renew
        </label>
        <Button
          variant="outline"
          size="sm"
          className="h-9 sm:ml-auto"
          onClick={onRenew}
          aria-label={`${renewText} for ${name}`}
          disabled={!sellable}
          title={sellable ? undefined : 'This plan is no longer sold'}
        >
          {renewText}
        </Button>
      </div>
    </li>
  );
}
