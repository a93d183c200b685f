// Run-time readers for the per-piece answers, whose types are written by hand (./types.ts) until
// the server's OpenAPI document covers them: malformed entries are dropped instead of crashing a
// page, and a missing stock count reads as 0 (out of stock).
import type { User } from '@/lib/api-types';
import { LTE_TYPES, type DatacenterCountry, type GeneratedProxiesPage, type GeneratedProxy, type GetProxyResponse, type LteRecord, type LteType, type StaticCredentials, type StockItem } from './types';

type Raw = Record<string, unknown>;

const isRecord = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null);
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const present = <T>(value: T | null): value is T => value !== null;
/** `data` of a `{ success, data }` answer. */
const dataOf = (payload: unknown): unknown => (isRecord(payload) ? payload.data : undefined);

function stockItem(raw: unknown): StockItem | null {
  if (!isRecord(raw)) return null;
  const code = str(raw.code);
  if (!code) return null;
  return { code, name: str(raw.name) ?? code.toUpperCase(), amount: num(raw.amount) };
}

export function parseStaticCredentials(payload: unknown): StaticCredentials {
  const data = dataOf(payload);
  if (!isRecord(data)) return { supportedCountries: [], supportedISPs: {} };
  const isps: Record<string, StockItem[]> = {};
  if (isRecord(data.supportedISPs)) {
    for (const [country, entries] of Object.entries(data.supportedISPs)) isps[country] = list(entries).map(stockItem).filter(present);
  }
  return { supportedCountries: list(data.supportedCountries).map(stockItem).filter(present), supportedISPs: isps };
}

export function parseDatacenterCountries(payload: unknown): DatacenterCountry[] {
  return list(dataOf(payload))
    .map((raw) => {
      const item = stockItem(raw);
      const id = isRecord(raw) ? str(raw.id) : null;
      return item && id ? { ...item, id } : null;
    })
    .filter(present);
}

export function parseLteCountries(payload: unknown): string[] {
  return list(dataOf(payload)).filter((code): code is string => typeof code === 'string' && code !== '');
}

const isLteType = (value: string): value is LteType => (LTE_TYPES as readonly string[]).includes(value);

export function parseLteRecords(payload: unknown): LteRecord[] {
  return list(dataOf(payload))
    .map((raw): LteRecord | null => {
      if (!isRecord(raw)) return null;
      const id = str(raw.id);
      const type = str(raw.type)?.toUpperCase() ?? '';
      const city = str(raw.city);
      const isp = str(raw.isp);
      if (!id || !city || !isp || !isLteType(type)) return null;
      return { id, ip: str(raw.ip) ?? '', type, isp, city, amount: num(raw.amount) };
    })
    .filter(present);
}

export function parseGetProxy(payload: unknown): GetProxyResponse {
  const raw = isRecord(payload) ? payload : {};
  const user = isRecord(raw.user) && typeof raw.user.balance === 'number' ? (raw.user as User) : undefined;
  return {
    success: raw.success !== false,
    proxies: list(raw.proxies).filter((proxy): proxy is string => typeof proxy === 'string' && proxy !== ''),
    message: typeof raw.message === 'string' ? raw.message : '',
    user,
  };
}

function generatedProxy(raw: unknown): GeneratedProxy | null {
  if (!isRecord(raw)) return null;
  const proxy = str(raw.proxy);
  if (!proxy || typeof raw.createdAt !== 'number') return null;
  const expiresAt = typeof raw.expiresAt === 'number' ? raw.expiresAt : null;
  return { id: num(raw.id), proxy, type: str(raw.type) ?? '', createdAt: raw.createdAt, expiresAt };
}

export function parseGeneratedProxies(payload: unknown, asked: { page: number; perPage: number }): GeneratedProxiesPage {
  const raw = isRecord(payload) ? payload : {};
  return {
    items: list(raw.items).map(generatedProxy).filter(present),
    total: num(raw.total),
    page: num(raw.page) || asked.page,
    perPage: num(raw.perPage) || asked.perPage,
  };
}
