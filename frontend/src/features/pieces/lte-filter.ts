// The LTE form's rules as pure functions: a new country clears city and ISP, a new
// city clears the ISP, ISP options are the country's records of the chosen city whose connection
// type fits the protocol (HTTPS and WIFI for Http/s, the others for Socks5), and Generate waits
// for an ISP option with an id while nothing is loading or pending.
import type { Schemas } from '@/lib/api-types';
import type { Plan } from '@/lib/plans';

export const LTE_TYPES = ['HTTPS', 'WIFI', 'SOCKS5', 'SOCKS5-WIFI'] as const;
export type LteType = (typeof LTE_TYPES)[number];
/** An LTE endpoint of GET /api/user/lte_credentials?country=CC whose connection type the form knows. */
export type LteRecord = Omit<Schemas['LteRecord'], 'type'> & { type: LteType };

const isLteType = (value: string): value is LteType => (LTE_TYPES as readonly string[]).includes(value);

/** The records the form can offer: a known connection type (any case), an id, a city and an ISP. */
export function knownLteRecords(records: ReadonlyArray<Schemas['LteRecord']>): LteRecord[] {
  return records.flatMap((record) => {
    const type = record.type.toUpperCase();
    return isLteType(type) && record.id && record.city && record.isp ? [{ ...record, type }] : [];
  });
}

export const LTE_PROTOCOLS = [
  { label: 'Http/s', value: 'http' },
  { label: 'Socks5', value: 'socks5' },
] as const;
export type LteProtocol = (typeof LTE_PROTOCOLS)[number]['value'];

const HTTP_TYPES: ReadonlyArray<LteType> = ['HTTPS', 'WIFI'];

export const protocolOf = (type: LteType): LteProtocol => (HTTP_TYPES.includes(type) ? 'http' : 'socks5');

export type LteSelection = { protocol: LteProtocol; country: string; city: string; recordId: string };

export const INITIAL_LTE: LteSelection = { protocol: 'http', country: '', city: '', recordId: '' };

/** The cities of a country's records, each once, in alphabetical order. */
export function lteCities(records: ReadonlyArray<LteRecord>): string[] {
  return [...new Set(records.map((record) => record.city))].sort((a, b) => a.localeCompare(b));
}

/** The ISP options: records of the chosen city whose type fits the protocol; none before a city. */
export function lteIsps(records: ReadonlyArray<LteRecord>, { city, protocol }: Pick<LteSelection, 'city' | 'protocol'>): LteRecord[] {
  if (!city) return [];
  return records
    .filter((record) => record.city === city && protocolOf(record.type) === protocol)
    .sort((a, b) => a.isp.localeCompare(b.isp) || a.type.localeCompare(b.type));
}

export function withLteCountry(selection: LteSelection, country: string): LteSelection {
  return country === selection.country ? selection : { ...selection, country, city: '', recordId: '' };
}

export function withLteCity(selection: LteSelection, city: string): LteSelection {
  return city === selection.city ? selection : { ...selection, city, recordId: '' };
}

/** A new protocol keeps the picked ISP only while it is still offered. */
export function withLteProtocol(selection: LteSelection, protocol: LteProtocol, records: ReadonlyArray<LteRecord>): LteSelection {
  const next = { ...selection, protocol };
  const offered = lteIsps(records, next).some((record) => record.id === selection.recordId);
  return offered ? next : { ...next, recordId: '' };
}

/** The picked ISP option, if it is one of the options offered and has an id. */
export function pickedRecord(records: ReadonlyArray<LteRecord>, selection: LteSelection): LteRecord | null {
  if (!selection.recordId) return null;
  return lteIsps(records, selection).find((record) => record.id === selection.recordId) ?? null;
}

export function canGenerate({ record, loading, pending, plan }: { record: LteRecord | null; loading: boolean; pending: boolean; plan: Plan | null }): boolean {
  return record !== null && record.id !== '' && plan !== null && !loading && !pending;
}

/** The plan that sets the price per piece by default: the cheapest one. */
export function cheapestPlan(plans: ReadonlyArray<Plan>): Plan | null {
  return plans.reduce<Plan | null>((best, plan) => (best === null || plan.price < best.price ? plan : best), null);
}

/** "T-Mobile · HTTPS (3 in stock)". */
export function ispLabel(record: LteRecord): string {
  const stock = record.amount > 0 ? `${record.amount} in stock` : 'out of stock';
  return `${record.isp} · ${record.type} (${stock})`;
}

/** "United States" for "us" (the code itself when the browser does not know it). */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}
