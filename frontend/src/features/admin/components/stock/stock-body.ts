// The new stock entry's body: optional text fields left out when empty.
import type { StockValues } from '../../schemas';
import type { StockBody } from '../../types';

const OPTIONAL = ['code', 'isp', 'ispName', 'city', 'connType', 'ip'] as const;

export function toStockBody(values: StockValues): StockBody {
  const body: StockBody = { type: values.type, country: values.country.trim(), capacity: Number(values.capacity) };
  for (const key of OPTIONAL) {
    const value = values[key].trim();
    if (value) body[key] = value;
  }
  return body;
}
