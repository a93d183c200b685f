// The per-account limits the settings page shows come from the API document, so they cannot
// drift from the server's: each equals what frontend/openapi.json states on the creating POST
// (`x-max-per-account`) and, for a list the limit bounds, the list's `maxItems`.
import spec from '../../../openapi.json?raw';
import { MAX_SUBUSERS } from '@/lib/subusers';
import { MAX_ALLOWLIST } from './api/allowlist';
import { MAX_API_KEYS } from './api/api-keys';

type Doc = {
  paths: Record<string, { post?: Record<string, unknown> }>;
  components: { schemas: Record<string, { properties?: Record<string, { maxItems?: number }> }> };
};
const doc = JSON.parse(spec) as Doc;

function statedLimit(path: string): unknown {
  return doc.paths[path]?.post?.['x-max-per-account'];
}

function listBound(schema: string): unknown {
  return doc.components.schemas[schema]?.properties?.items?.maxItems;
}

describe('per-account limits', () => {
  it('are the ones the API document states on each creating POST', () => {
    for (const [limit, path] of [
      [MAX_SUBUSERS, '/api/user/subusers'],
      [MAX_ALLOWLIST, '/api/user/allowlist'],
      [MAX_API_KEYS, '/api/user/api-keys'],
    ] as const) {
      expect(Number.isInteger(statedLimit(path)), path).toBe(true);
      expect(limit, path).toBe(statedLimit(path));
    }
  });

  it('bound the lists they cap', () => {
    expect(MAX_SUBUSERS).toBe(listBound('SubuserList'));
    expect(MAX_ALLOWLIST).toBe(listBound('AllowlistList'));
  });
});
