// GET /api/user/allowlist_pieces: the customer's live pieces an allowlist entry may name, by the
// id the entry's `pieceId` takes, each labelled host:port:username (the API leaves the password
// out).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import type { PieceKind } from '@/lib/kinds';
import { queryKeys } from '@/lib/query-keys';

export type AllowablePiece = Schemas['AllowablePiece'];
export type OwnPiece = { id: number; label: string };

export const pieceLabel = (piece: AllowablePiece) => `${piece.host}:${piece.port}:${piece.username}`;

const allowablePiecesQueryOptions = queryOptions({
  queryKey: queryKeys.allowablePieces,
  queryFn: ({ signal }) => unwrap(api.GET('/api/user/allowlist_pieces', { signal })),
});

/** The live pieces of `kind` (none asked for while no piece kind is chosen). */
export function useOwnPieces(kind: PieceKind | null) {
  return useQuery({
    ...allowablePiecesQueryOptions,
    enabled: kind !== null,
    select: (data): OwnPiece[] => data.items.filter((piece) => piece.type === kind).map((piece) => ({ id: piece.id, label: pieceLabel(piece) })),
  });
}

/** The labels of the customer's live pieces by id, for the entries that name one (asked for only
 *  when some entry does). */
export function usePieceLabels(kinds: PieceKind[]): Map<number, string> {
  const { data } = useQuery({ ...allowablePiecesQueryOptions, enabled: kinds.length > 0 });
  return useMemo(() => new Map((data?.items ?? []).map((piece) => [piece.id, pieceLabel(piece)])), [data]);
}
