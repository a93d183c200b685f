// GET /api/user/server_credentials?type=static|ipv4|ipv6: the countries (and, for static, the ISPs
// of each country) that can be bought, with the proxies in stock. Both answers are read into one
// shape whose `value` is what the buy form sends: the country code and ISP code for static, the
// country id for IPv4/IPv6.
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { parseDatacenterCountries, parseStaticCredentials } from './parse';
import type { BuyKind, PieceKind, StockItem } from './types';

/** Root key of a kind's stock lists; a purchase invalidates it because the stock changed. */
export const credentialsKey = (kind: PieceKind) => ['piece-credentials', kind] as const;

export type StockChoice = StockItem & { value: string };
export type Stock = { countries: StockChoice[]; isps: Record<string, StockChoice[]> };

const byCode = (item: StockItem): StockChoice => ({ ...item, value: item.code });

export function stockQueryOptions(kind: BuyKind) {
  return queryOptions({
    queryKey: credentialsKey(kind),
    queryFn: async ({ signal }): Promise<Stock> => {
      const payload = await apiRequest('/api/user/server_credentials', { query: { type: kind }, signal });
      if (kind !== 'static') return { countries: parseDatacenterCountries(payload).map((item) => ({ ...item, value: item.id })), isps: {} };
      const { supportedCountries, supportedISPs } = parseStaticCredentials(payload);
      const isps: Record<string, StockChoice[]> = {};
      for (const [country, items] of Object.entries(supportedISPs)) isps[country] = items.map(byCode);
      return { countries: supportedCountries.map(byCode), isps };
    },
    staleTime: 60_000,
  });
}
