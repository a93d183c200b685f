// The reseller's pieces handed to its clients (docs/resellers.md "Pieces"): what one client holds
// (GET /api/reseller/clients/{id}/pieces), handing it one (POST) and taking one back (DELETE: the
// piece gets a new password, so the client's copy stops working), the reseller's own pieces to
// choose from (GET /api/user/pieces, each with the client holding it) and the ledger of those
// moves (GET /api/reseller/piece_moves).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import type { HeldPiece } from '@/lib/held-pieces';
import { queryKeys } from '@/lib/query-keys';

export type OwnPiece = Schemas['PieceView'];
export type PieceMove = Schemas['PieceMoveView'];

/** The reseller's own pieces read at once (the server's largest page). */
const OWN_PIECES_AT_ONCE = 200;
export const PIECE_MOVES_PER_PAGE = 10;

export const ownPiecesQueryOptions = queryOptions({
  queryKey: queryKeys.piecesAtOnce(OWN_PIECES_AT_ONCE),
  queryFn: ({ signal }) => unwrap(api.GET('/api/user/pieces', { params: { query: { page: 1, perPage: OWN_PIECES_AT_ONCE } }, signal })),
  // read again whenever the console or a Proxies section opens: a piece bought or renewed
  // elsewhere (another tab, the API) is offered at once
  staleTime: 0,
});

export function useOwnPieces() {
  return useQuery(ownPiecesQueryOptions);
}

/** A piece the reseller can hand to a client now: no client holds it and it has not expired. */
export function isAssignable(piece: OwnPiece, nowSeconds: number): boolean {
  return piece.clientId == null && piece.state === 'live' && piece.expiresAt > nowSeconds;
}

export function useClientPieces(clientId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.resellerClientPieces(clientId),
    queryFn: ({ signal }) => unwrap(api.GET('/api/reseller/clients/{id}/pieces', { params: { path: { id: clientId } }, signal })),
    enabled,
  });
}

/** After a move (or a refusal, which says the lists were stale): the console, the reseller's own
 * piece lists (who holds what, the new password) and its generated proxies are read again. */
function usePieceMutation<In, Out>(mutationFn: (input: In) => Promise<Out>, onSuccess?: (data: Out, input: In) => void) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.resellerAll }),
      queryClient.invalidateQueries({ queryKey: queryKeys.piecesAll }),
      queryClient.invalidateQueries({ queryKey: queryKeys.generatedProxiesAll }),
    ]);
  return useMutation({
    mutationFn,
    onSuccess: (data, input) => {
      onSuccess?.(data, input);
      return refresh();
    },
    onError: () => void refresh(),
  });
}

export function useAssignPiece() {
  const queryClient = useQueryClient();
  return usePieceMutation(
    ({ clientId, pieceId }: { clientId: number; pieceId: number }) =>
      unwrap(api.POST('/api/reseller/clients/{id}/pieces', { params: { path: { id: clientId } }, body: { pieceId } })),
    // the answer is what the client holds now
    (data: { items: HeldPiece[] }, { clientId }) => queryClient.setQueryData(queryKeys.resellerClientPieces(clientId), data),
  );
}

export function useTakeBackPiece() {
  return usePieceMutation(({ clientId, pieceId }: { clientId: number; pieceId: number }) =>
    unwrap(api.DELETE('/api/reseller/clients/{id}/pieces/{piece_id}', { params: { path: { id: clientId, piece_id: pieceId } } })),
  );
}

export const pieceMovesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.resellerPieceMoves(page, PIECE_MOVES_PER_PAGE),
    queryFn: ({ signal }) => unwrap(api.GET('/api/reseller/piece_moves', { params: { query: { page, perPage: PIECE_MOVES_PER_PAGE } }, signal })),
    placeholderData: keepPreviousData,
  });

export function usePieceMoves(page: number) {
  return useQuery(pieceMovesQueryOptions(page));
}
