// GET /api/user/api-keys as a shared query: the settings page manages the keys and the user guide
// shows the customer's own key prefix in its curl example. Hand-written types of the contract
// (the route's generated types are not in src/types/api.ts yet).
import { queryOptions } from '@tanstack/react-query';
import { requestJson } from './json-fetch';
import { queryKeys } from './query-keys';

export type ApiKeyScope = 'read' | 'generate' | 'buy';

export type ApiKey = {
  id: number;
  name: string;
  /** The start of the key (`psk_` and a few characters), enough to recognise it; the key itself is shown once. */
  prefix: string;
  scopes: ApiKeyScope[];
  /** Unix seconds; null for a key that does not expire. */
  expiresAt: number | null;
  allowedIps: string[];
  lastUsedAt: number | null;
  createdAt: number;
};

export type ApiKeyList = { items: ApiKey[] };

export const apiKeysQueryOptions = queryOptions({
  queryKey: queryKeys.apiKeys,
  queryFn: ({ signal }) => requestJson<ApiKeyList>('GET', '/api/user/api-keys', { signal }),
});

/** "psk_AbC1…": the prefix as a reader recognises it, with the hidden rest elided. */
export function keyPlaceholder(prefix: string | null | undefined): string {
  if (!prefix) return 'psk_…';
  return `${prefix.startsWith('psk_') ? prefix : `psk_${prefix}`}…`;
}

/** `curl` for GET /api/user/get_starts on this site, with the customer's key prefix when known. */
export function curlExample(origin: string, prefix: string | null | undefined): string {
  return `curl -H "Authorization: Bearer ${keyPlaceholder(prefix)}" ${origin}/api/user/get_starts`;
}
