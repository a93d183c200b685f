// GET /api/user/subusers as a shared query: the settings page manages the sub-users and the
// residential generators offer each enabled one as the credential of the lines.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './api-client';
import { maxPerAccount } from '@/types/api-limits';
import type { Schemas } from './api-types';
import { queryKeys } from './query-keys';

export type Subuser = Schemas['SubuserItem'];
export type SubuserList = Schemas['SubuserList'];

/** The server keeps at most this many sub-users per account (from the API document). */
export const MAX_SUBUSERS = maxPerAccount['/api/user/subusers'];

export const subusersQueryOptions = queryOptions({
  queryKey: queryKeys.subusers,
  queryFn: ({ signal }) => unwrap(api.GET('/api/user/subusers', { signal })),
});

/** The sub-users a generator of `kind` may use: enabled and of that kind. */
export function usableSubusers(list: SubuserList | undefined, kind: 'premium' | 'budget'): Subuser[] {
  return (list?.items ?? []).filter((item) => item.enabled && item.type === kind);
}
