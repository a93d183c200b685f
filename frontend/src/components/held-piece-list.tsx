// The pieces a reseller's client holds, one per row: its number and kind, where it exits, its whole
// line with a copy button, and its expiry; `action` adds a control to a row (the reseller's Take
// back). The reseller's console and the client's dashboard show them alike.
import type { ReactNode } from 'react';
import { CopyProxyButton } from '@/components/copy-proxy-button';
import { formatDateTime, fromUnixSeconds } from '@/lib/format';
import { heldPieceLine, heldPieceLocation, type HeldPiece } from '@/lib/held-pieces';
import { kindLabel } from '@/lib/kinds';

export const HELD_PIECE_COPIED = 'Proxy copied to clipboard';

const MUTED = 'text-slate-600 dark:text-slate-400';

export function HeldPieceList({ pieces, label, action }: { pieces: HeldPiece[]; label: string; action?: (piece: HeldPiece) => ReactNode }) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-200 dark:divide-slate-800">
      {pieces.map((piece) => {
        const line = heldPieceLine(piece);
        const location = heldPieceLocation(piece);
        return (
          <li key={piece.id} className="py-3 first:pt-0 last:pb-0" data-testid="held-piece" aria-label={`Proxy #${piece.id}`}>
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
              <p className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-0.5 text-sm">
                <span className="font-semibold">{`Proxy #${piece.id}`}</span>
                <span>{kindLabel(piece.type)}</span>
                <span className={MUTED}>{location ?? 'Location not known'}</span>
              </p>
              {action?.(piece)}
            </div>
            <div className="mt-2 flex items-center gap-1">
              <code className="min-w-0 flex-1 rounded-md bg-slate-50 px-2 py-1.5 font-mono text-xs break-all text-slate-900 sm:text-sm dark:bg-slate-800/60 dark:text-slate-100">
                {line}
              </code>
              <CopyProxyButton proxy={line} message={HELD_PIECE_COPIED} label={`Copy proxy #${piece.id}`} />
            </div>
            <p className={`mt-1 text-xs ${MUTED}`}>Expires {formatDateTime(fromUnixSeconds(piece.expiresAt))}</p>
          </li>
        );
      })}
    </ul>
  );
}
