// A checkout link from the API, made safe to open: http(s) URLs as they are, a path on the API's
// origin resolved against it, anything else (javascript:, data:, garbage) refused.
import { apiUrl } from '@/lib/api-client';

export function checkoutUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (/^https?:\/\//i.test(value)) return value;
  if (value.startsWith('/') && !value.startsWith('//')) return new URL(apiUrl(value), window.location.origin).href;
  return null;
}
