// What tells one bought piece from another (docs/renewals.md#what-a-piece-shows): its number and
// where it exits (the exit IP when known, else its host and port) name it in every control, and
// its line is the customer's own `host:port:username:password`.
import { formatDateTime, fromUnixSeconds } from '@/lib/format';
import type { OwnedPiece } from './api/renewals';

/** "proxy #12 (203.0.113.7)": the piece in a control's accessible name. */
export function pieceName(piece: Pick<OwnedPiece, 'id' | 'exitIp' | 'host' | 'port'>): string {
  return `proxy #${piece.id} (${piece.exitIp ?? `${piece.host}:${piece.port}`})`;
}

/** The piece's proxy line, `host:port:username:password`. */
export function pieceLine(piece: Pick<OwnedPiece, 'host' | 'port' | 'username' | 'password'>): string {
  return `${piece.host}:${piece.port}:${piece.username}:${piece.password}`;
}

/** "proxy gw.example:8000:u123" (a line without its password): what a copy action of the
 * Generated Proxies list names. */
export function copyName(proxy: string): string {
  return `proxy ${proxy.split(':').slice(0, 3).join(':')}`;
}

/** A piece's moment (unix seconds) as the list shows it. */
export const when = (unix: number) => formatDateTime(fromUnixSeconds(unix));
