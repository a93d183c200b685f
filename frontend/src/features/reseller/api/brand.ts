// The reseller's white label: GET and PUT /api/reseller/brand, PUT (multipart `file`) and DELETE
// /api/reseller/brand/logo. Each answers the brand, which becomes the query's data at once.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';

export type ResellerBrand = Schemas['ResellerBrand'];
export type BrandBody = Schemas['BrandRequest'];

export const brandQueryOptions = queryOptions({
  queryKey: queryKeys.resellerBrand,
  queryFn: ({ signal }) => unwrap(api.GET('/api/reseller/brand', { signal })),
});

export function useBrand() {
  return useQuery(brandQueryOptions);
}

export const saveBrand = (body: BrandBody) => unwrap(api.PUT('/api/reseller/brand', { body }));

/** The logo as the one multipart part `file`; the browser writes the boundary into the header. */
export const uploadLogo = (file: File) =>
  unwrap(
    api.PUT('/api/reseller/brand/logo', {
      body: { file },
      bodySerializer: (body) => {
        const form = new FormData();
        form.append('file', body.file);
        return form;
      },
    }),
  );

export const deleteLogo = () => unwrap(api.DELETE('/api/reseller/brand/logo'));

function useBrandMutation<In>(mutationFn: (input: In) => Promise<ResellerBrand>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (brand) => queryClient.setQueryData(queryKeys.resellerBrand, brand),
  });
}

export const useSaveBrand = () => useBrandMutation(saveBrand);
export const useUploadLogo = () => useBrandMutation(uploadLogo);
export const useDeleteLogo = () => useBrandMutation(deleteLogo);
