// GET /api/user/server_credentials?type=static|ipv4|ipv6: the countries (and, for static, the ISPs
// of each country) that can be bought, with the proxies in stock. Both answers are read into one
// shape whose `value` is what the buy form sends: the country code and ISP code for static, the
// country id for IPv4/IPv6.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import type { BuyKind } from '@/lib/kinds';
import { queryKeys } from '@/lib/query-keys';

/** A country or an ISP with the number of proxies in stock (`amount`). */
export type StockItem = Schemas['StockCountry'];
export type StockChoice = StockItem & { value: string };
export type Stock = { countries: StockChoice[]; isps: Record<string, StockChoice[]> };

const byCode = (item: StockItem): StockChoice => ({ ...item, value: item.code });

export function stockQueryOptions(kind: BuyKind) {
  return queryOptions({
    queryKey: queryKeys.pieceStock(kind),
    queryFn: async ({ signal }): Promise<Stock> => {
      const { data } = await unwrap(api.GET('/api/user/server_credentials', { params: { query: { type: kind } }, signal }));
      // IPv4/IPv6 answer a list of countries, static an object of countries and ISPs
      if (Array.isArray(data)) return { countries: data.map((item) => ({ ...item, value: item.id })), isps: {} };
      const isps: Record<string, StockChoice[]> = {};
      for (const [country, items] of Object.entries(data.supportedISPs)) isps[country] = items.map(byCode);
      return { countries: data.supportedCountries.map(byCode), isps };
    },
    staleTime: 60_000,
  });
}
