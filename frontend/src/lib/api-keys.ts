// GET /api/user/api-keys as a shared query: the settings page manages the keys and the user guide
// shows the customer's own key prefix in its curl example. Types from the generated contract.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './api-client';
import type { Schemas } from './api-types';
import { queryKeys } from './query-keys';

/** A key as listed: its prefix (`psk_` and a few characters), never the key itself. */
export type ApiKey = Schemas['ApiKeyView'];

export const apiKeysQueryOptions = queryOptions({
  queryKey: queryKeys.apiKeys,
  queryFn: ({ signal }) => unwrap(api.GET('/api/user/api-keys', { signal })),
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
