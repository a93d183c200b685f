// GET /api/abuse: how far back the abuse desk can attribute traffic; POST /api/abuse: file a
// report, answered 202 with the case number (docs/api.md#abuse-reports).
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { PostBody } from '@/lib/api-types';
import { queryKeys } from '@/lib/query-keys';

export const abuseTermsQueryOptions = queryOptions({
  queryKey: queryKeys.abuseTerms,
  queryFn: ({ signal }) => unwrap(api.GET('/api/abuse', { signal })),
  staleTime: Infinity,
});

export type AbuseReportBody = PostBody<'/api/abuse'>;

export const fileAbuseReport = (body: AbuseReportBody) => unwrap(api.POST('/api/abuse', { body }));

export const useFileAbuseReport = () => useMutation({ mutationFn: fileAbuseReport });
