// The pure rules of the per-piece pages: LTE filtering, the buy form's quantity and body, and the
// LTE records the form can offer.
import type { Plan } from '@/lib/plans';
import { buyBody, buySchema, NUMBER_INVALID, numericText, planIdOf, QUANTITY_INVALID, quantitySchema, SELECT_ALL_FIELDS, stockLabel, totalPrice } from './buy-request';
import {
  canGenerate,
  cheapestPlan,
  countryName,
  INITIAL_LTE,
  knownLteRecords,
  lteCities,
  lteIsps,
  pickedRecord,
  protocolOf,
  withLteCity,
  withLteCountry,
  withLteProtocol,
} from './lte-filter';
import { lteRecords } from './test-support';

const us = lteRecords.us!;
const ids = (records: Array<{ id: string }>) => records.map((record) => record.id);
const plan = (id: string, price: number) => ({ id, price }) as Plan;

describe('LTE filtering', () => {
  it('maps HTTPS and WIFI to Http/s, SOCKS5 and SOCKS5-WIFI to Socks5', () => {
    expect(['HTTPS', 'WIFI', 'SOCKS5', 'SOCKS5-WIFI'].map((type) => protocolOf(type as never))).toEqual(['http', 'http', 'socks5', 'socks5']);
  });

  it('lists each city once, sorted', () => {
    expect(lteCities(us)).toEqual(['Miami', 'New York']);
    expect(lteCities([])).toEqual([]);
  });

  it('offers the records of the chosen city whose type fits the protocol', () => {
    expect(lteIsps(us, { city: '', protocol: 'http' })).toEqual([]);
    expect(ids(lteIsps(us, { city: 'New York', protocol: 'http' }))).toEqual(['lte-us-ny-tmobile-https', 'lte-us-ny-verizon-wifi']);
    expect(ids(lteIsps(us, { city: 'New York', protocol: 'socks5' }))).toEqual(['lte-us-ny-att-socks-wifi', 'lte-us-ny-tmobile-socks']);
    expect(ids(lteIsps(us, { city: 'Miami', protocol: 'socks5' }))).toEqual([]);
  });

  it('clears city and ISP on a new country, the ISP on a new city, and keeps them when nothing changes', () => {
    const chosen = { ...INITIAL_LTE, country: 'us', city: 'New York', recordId: 'lte-us-ny-tmobile-https' };
    expect(withLteCountry(chosen, 'us')).toBe(chosen);
    expect(withLteCountry(chosen, 'de')).toEqual({ protocol: 'http', country: 'de', city: '', recordId: '' });
    expect(withLteCity(chosen, 'New York')).toBe(chosen);
    expect(withLteCity(chosen, 'Miami')).toEqual({ protocol: 'http', country: 'us', city: 'Miami', recordId: '' });
  });

  it('drops the picked ISP when the new protocol no longer offers it', () => {
    const chosen = { ...INITIAL_LTE, country: 'us', city: 'New York', recordId: 'lte-us-ny-tmobile-https' };
    expect(withLteProtocol(chosen, 'socks5', us)).toEqual({ ...chosen, protocol: 'socks5', recordId: '' });
    expect(withLteProtocol(chosen, 'http', us)).toEqual(chosen);
  });

  it('finds the picked record only among the offered options', () => {
    const chosen = { ...INITIAL_LTE, country: 'us', city: 'New York', recordId: 'lte-us-ny-tmobile-https' };
    expect(pickedRecord(us, chosen)?.isp).toBe('T-Mobile');
    expect(pickedRecord(us, { ...chosen, protocol: 'socks5' })).toBeNull();
    expect(pickedRecord(us, { ...chosen, recordId: '' })).toBeNull();
  });

  it('enables Generate only with an ISP record with an id, a plan, and nothing loading or pending', () => {
    const record = us[0]!;
    const cheap = plan('42', 3.3);
    expect(canGenerate({ record, loading: false, pending: false, plan: cheap })).toBe(true);
    expect(canGenerate({ record: null, loading: false, pending: false, plan: cheap })).toBe(false);
    expect(canGenerate({ record: { ...record, id: '' }, loading: false, pending: false, plan: cheap })).toBe(false);
    expect(canGenerate({ record, loading: true, pending: false, plan: cheap })).toBe(false);
    expect(canGenerate({ record, loading: false, pending: true, plan: cheap })).toBe(false);
    expect(canGenerate({ record, loading: false, pending: false, plan: null })).toBe(false);
  });

  it('prices by the cheapest plan and names countries', () => {
    expect(cheapestPlan([plan('41', 9.99), plan('42', 3.3), plan('43', 5)])?.id).toBe('42');
    expect(cheapestPlan([])).toBeNull();
    expect(countryName('us')).toBe('United States');
    expect(countryName('gb')).toBe('United Kingdom');
  });
});

describe('buy form rules', () => {
  const message = (value: string) => quantitySchema.safeParse(value).error?.issues.map((issue) => issue.message);

  it('asks for a valid number when emptied and a valid quantity below 1 or for fractions', () => {
    expect(message('')).toEqual([NUMBER_INVALID]);
    expect(message('.')).toEqual([NUMBER_INVALID]);
    expect(message('0')).toEqual([QUANTITY_INVALID]);
    expect(message('1.5')).toEqual([QUANTITY_INVALID]);
    expect(message('3')).toBeUndefined();
    expect([NUMBER_INVALID, QUANTITY_INVALID]).toEqual(['Please enter a valid number', 'Please enter a valid quantity']);
  });

  it('keeps numeric text only', () => {
    expect(numericText('1a2-b.5 ')).toBe('12.5');
  });

  it('needs an ISP for static only', () => {
    const values = { country: 'ipv4-us', isp: '', quantity: '2' };
    expect(buySchema('ipv4').safeParse(values).success).toBe(true);
    expect(buySchema('static').safeParse(values).error?.issues.map((issue) => issue.message)).toEqual([SELECT_ALL_FIELDS]);
  });

  it('totals price × quantity in cents, 0 while the quantity is invalid', () => {
    expect(totalPrice(2.5, '3')).toBe(7.5);
    expect(totalPrice(0.1, '3')).toBe(0.3);
    expect(totalPrice(1.15, '7')).toBe(8.05);
    expect(totalPrice(2.5, '')).toBe(0);
    expect(totalPrice(2.5, '0')).toBe(0);
  });

  it('builds the static and datacenter bodies', () => {
    const values = { country: 'us', isp: 'us-comcast', quantity: '2' };
    expect(buyBody('static', 21, values)).toEqual({ type: 'static', plan: 21, country: 'us', location: 'us-comcast', quantity: 2 });
    expect(buyBody('ipv6', 31, { country: 'ipv6-de', isp: '', quantity: '4' })).toEqual({ type: 'ipv6', plan: 31, location: 'ipv6-de', quantity: 4 });
    expect(planIdOf(plan('21', 1))).toBe(21);
    expect(planIdOf(plan('sample-5', 1))).toBeNull();
  });

  it('labels stock', () => {
    expect(stockLabel({ name: 'United States', amount: 118 })).toBe('United States (118 in stock)');
    expect(stockLabel({ name: 'France', amount: 0 })).toBe('France (out of stock)');
  });
});

describe('LTE records', () => {
  it('keeps the records with a known type, read in any case', () => {
    const records = knownLteRecords([
      { id: 'a', ip: '1.2.3.4', type: 'https', isp: 'X', city: 'Y', amount: 1 },
      { id: 'b', ip: '', type: 'FTP', isp: 'X', city: 'Y', amount: 0 },
    ]);
    expect(records).toEqual([{ id: 'a', ip: '1.2.3.4', type: 'HTTPS', isp: 'X', city: 'Y', amount: 1 }]);
  });
});
