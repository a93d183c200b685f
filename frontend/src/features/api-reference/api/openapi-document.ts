// GET /api/openapi.json: the document the reference renders. Public, like the API's own
// description of itself; fetched once per visit.
import { queryOptions } from '@tanstack/react-query';
import { ApiError, FALLBACK_ERROR } from '@/lib/api-client';
import { OPENAPI_DOCUMENT_URL } from '@/lib/api-reference';
import { queryKeys } from '@/lib/query-keys';

export type OpenApiDocument = { openapi: string; info: { title: string; version: string }; paths: Record<string, unknown> };

function isDocument(value: unknown): value is OpenApiDocument {
  if (typeof value !== 'object' || value === null) return false;
  const { openapi, paths } = value as Record<string, unknown>;
  return typeof openapi === 'string' && typeof paths === 'object' && paths !== null;
}

export const openapiDocumentQueryOptions = queryOptions({
  queryKey: queryKeys.openapiDocument,
  queryFn: async ({ signal }) => {
    const response = await globalThis.fetch(OPENAPI_DOCUMENT_URL, { signal, headers: { Accept: 'application/json' } });
    if (!response.ok) throw new ApiError(FALLBACK_ERROR, response.status);
    const body: unknown = await response.json();
    if (!isDocument(body)) throw new ApiError('The API description could not be read', response.status);
    return body;
  },
  staleTime: Infinity,
});
