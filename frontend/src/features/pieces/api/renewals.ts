// The customer's pieces and their renewals: GET /api/user/pieces (with what a renewal costs),
// PATCH /api/user/pieces/{id} (auto-renew), POST /api/user/pieces/{id}/renew, and the default
// for new purchases (PUT /api/user/piece_settings), and a check of one piece
// (POST /api/user/pieces/{id}/check, kept as its last check). A renewal's answer carries the user,
// whose balance replaces the cached one; the wallet and the lists refresh.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';

export type OwnedPiece = Schemas['PieceView'];
export type PieceCheck = Schemas['PieceCheckView'];

export const PIECES_PER_PAGE = 20;

export const piecesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.pieces(page),
    queryFn: ({ signal }) => unwrap(api.GET('/api/user/pieces', { params: { query: { page, perPage: PIECES_PER_PAGE } }, signal })),
    placeholderData: keepPreviousData,
  });

export function usePieces(page: number) {
  return useQuery(piecesQueryOptions(page));
}

export function useSetAutoRenew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, autoRenew }: { id: number; autoRenew: boolean }) =>
      unwrap(api.PATCH('/api/user/pieces/{id}', { params: { path: { id } }, body: { autoRenew } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.piecesAll }),
  });
}

export function useRenewPiece() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, expiresAt }: { id: number; expiresAt: number }) =>
      unwrap(api.POST('/api/user/pieces/{id}/renew', { params: { path: { id } }, body: { expiresAt } })),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(queryKeys.session, user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.piecesAll });
      void queryClient.invalidateQueries({ queryKey: queryKeys.generatedProxiesAll });
      void queryClient.invalidateQueries({ queryKey: queryKeys.walletAll });
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
    },
    // A 409 means it was renewed meanwhile: show the current state either way.
    onError: () => void queryClient.invalidateQueries({ queryKey: queryKeys.piecesAll }),
  });
}

export function useSetAutoRenewDefault() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (autoRenew: boolean) => unwrap(api.PUT('/api/user/piece_settings', { body: { autoRenew } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.piecesAll }),
  });
}

/** One mutation per piece, so that each piece shows its own check while it runs. */
export function useCheckPiece() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.POST('/api/user/pieces/{id}/check', { params: { path: { id } } })),
    // the list then shows it as the piece's last check (and its exit IP)
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.piecesAll }),
  });
}
