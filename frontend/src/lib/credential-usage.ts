// Usage and health per credential, from the breakdown and health the API already sums per
// credential (GET /api/user/usage/breakdown?by=credential and /api/user/usage/health?by=credential,
// the last 30 days): the owner's sub-users side by side, and a sub-user's own figures (the server
// answers a sub-user's sign-in with its own credential only).
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './api-client';
import { LIVE_REFRESH_MS } from './live-refresh';
import { queryKeys } from './query-keys';

const WINDOW_DAYS = 30;

export type CredentialUsage = { requests: number; bytes: number; successRate: number | null; connections: number };

function since(now: Date): string {
  return new Date(now.getTime() - WINDOW_DAYS * 86_400_000).toISOString().slice(0, 10);
}

/** Each credential's figures, keyed by `kind:label` (`subuser:alpha`), over the last 30 days. */
export const credentialUsageQueryOptions = queryOptions({
  queryKey: queryKeys.credentialUsage,
  queryFn: async ({ signal }) => {
    const query = { by: 'credential', from: since(new Date()) } as const;
    const [breakdown, health] = await Promise.all([
      unwrap(api.GET('/api/user/usage/breakdown', { params: { query }, signal })),
      unwrap(api.GET('/api/user/usage/health', { params: { query }, signal })),
    ]);
    const figures = new Map<string, CredentialUsage>();
    const key = (kind: string | null | undefined, label: string) => `${kind ?? ''}:${label}`;
    for (const row of breakdown.rows) {
      figures.set(key(row.credentialKind, row.key), { requests: row.requests, bytes: row.bytes, successRate: null, connections: 0 });
    }
    for (const row of health.rows) {
      const id = key(row.credentialKind, row.key);
      const known = figures.get(id) ?? { requests: 0, bytes: row.bytes, successRate: null, connections: 0 };
      figures.set(id, { ...known, successRate: row.connections > 0 ? row.successRate : null, connections: row.connections });
    }
    return figures;
  },
  refetchInterval: LIVE_REFRESH_MS,
});

/** A sub-user's figures, none when it carried no traffic in the window. */
export function subuserUsage(figures: Map<string, CredentialUsage> | undefined, name: string): CredentialUsage | undefined {
  return figures?.get(`subuser:${name}`);
}

/** A success rate (0 to 1) as a percentage with one decimal; a dash when there was no traffic. */
export function formatSuccessRate(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? '—' : `${(rate * 100).toFixed(1)}%`;
}
