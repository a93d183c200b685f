// The customer's live pieces of one kind, for an allowlist entry metered to a piece: the first
// (largest) page of that kind's generated proxies, without the expired ones, each with the label
// the pieces pages start it with (host:port:username, the password left out).
import { useQueries, useQuery } from '@tanstack/react-query';
import { generatedProxiesQueryOptions, MAX_PER_PAGE, type GeneratedProxy } from '@/lib/generated-proxies';
import type { PieceKind } from '@/lib/kinds';

export type OwnPiece = { id: number; label: string };

const options = (kind: PieceKind) => generatedProxiesQueryOptions({ type: kind, q: '', page: 1, perPage: MAX_PER_PAGE });

/** `host:port:username:password` without the password. */
export function pieceLabel(proxy: string): string {
  const parts = proxy.split(':');
  return parts.length >= 4 ? parts.slice(0, -1).join(':') : proxy;
}

function livePieces(items: GeneratedProxy[], now = Date.now() / 1000): OwnPiece[] {
  return items.filter((item) => item.expiresAt == null || item.expiresAt > now).map((item) => ({ id: item.id, label: pieceLabel(item.proxy) }));
}

export function useOwnPieces(kind: PieceKind | null) {
  return useQuery({
    ...options(kind ?? 'static'),
    enabled: kind !== null,
    select: (data) => livePieces(data.items),
  });
}

/** The labels of the pieces the entries name, by piece id (one list a kind that has entries). */
export function usePieceLabels(kinds: PieceKind[]): Map<number, string> {
  return useQueries({
    queries: [...new Set(kinds)].map((kind) => options(kind)),
    combine: (results) => {
      const labels = new Map<number, string>();
      for (const result of results) for (const item of result.data?.items ?? []) labels.set(item.id, pieceLabel(item.proxy));
      return labels;
    },
  });
}
