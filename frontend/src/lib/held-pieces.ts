// A piece a reseller handed to one of its clients (docs/resellers.md "Pieces"), as the reseller's
// console and the client's dashboard both show it: its line `host:port:username:password` (the
// brand's proxy host where the reseller set one) and where it exits.
import type { Schemas } from './api-types';

export type HeldPiece = Schemas['HeldPieceView'];

/** The piece's proxy line, `host:port:username:password`. */
export function heldPieceLine(piece: Pick<HeldPiece, 'host' | 'port' | 'username' | 'password'>): string {
  return `${piece.host}:${piece.port}:${piece.username}:${piece.password}`;
}

let regions: Intl.DisplayNames | null = null;

/** "United States · New York", "Germany", or null when the piece names no country. */
export function heldPieceLocation(piece: Pick<HeldPiece, 'country' | 'city'>): string | null {
  if (!piece.country) return piece.city ?? null;
  let country = piece.country.toUpperCase();
  try {
    regions ??= new Intl.DisplayNames(['en'], { type: 'region' });
    country = regions.of(country) ?? country;
  } catch {
    // not a region code: shown as sent
  }
  return piece.city ? `${country} · ${piece.city}` : country;
}
