import { fillDays, parseUsage } from './api/get-usage';
import { budgetCountries, premiumCountries } from './api/get-locations';
import { niceMax } from './chart-scale';
import { buildGenerateRequest, INITIAL_FORM, QUANTITY_RANGE, ROTATION_TIMES, SELECT_ALL_FIELDS, withCountry, withState, type GenerateForm } from './generate-request';
import { downloadFileName } from '@/lib/text-file';
import { formatProxy, parseProxy, PROXY_FORMATS } from './proxy-format';

const form = (patch: Partial<GenerateForm>): GenerateForm => ({ ...INITIAL_FORM, ...patch });

describe('generate request', () => {
  it('starts with Http/s, Rotating, rotation time 15 and quantity 1', () => {
    expect(INITIAL_FORM).toMatchObject({ port: 'http|https', rotation: 'random', lifetime: 15, quantity: '1' });
    expect(ROTATION_TIMES.map((option) => option.value)).toEqual([15, 30, 60, 240, 360, 720, 1080, 1440]);
    expect(ROTATION_TIMES.slice(2).map((option) => option.name)).toEqual(['1 Hour', '4 Hour', '6 Hour', '12 Hour', '18 Hour', '1 Day']);
  });

  it('builds the premium body with country, state, city, quantity 1, rotation and port', () => {
    const result = buildGenerateRequest('premium', form({ port: 'socks5', rotation: 'sticky', country: 'us', state: 'ca', city: 'losangeles' }));
    expect(result).toEqual({
      ok: true,
      kind: 'premium',
      body: { country: 'us', state: 'ca', city: 'losangeles', quantity: 1, rotation: 'sticky', port: 'socks5' },
    });
  });

  it('builds the budget body: no state, "-city-" prefix, lifetime 0 when sticky', () => {
    const rotating = buildGenerateRequest('budget', form({ country: 'us', city: 'losangeles', lifetime: 240 }));
    expect(rotating).toEqual({
      ok: true,
      kind: 'budget',
      body: { country: 'us', state: '', city: '-city-losangeles', quantity: 1, lifetime: 240, rotation: 'random', port: 'http|https' },
    });
    const sticky = buildGenerateRequest('budget', form({ country: 'us', city: 'losangeles', lifetime: 240, rotation: 'sticky' }));
    expect(sticky.ok && sticky.body).toMatchObject({ lifetime: 0, rotation: 'sticky' });
  });

  it('sends an empty city for a budget country that lists no cities', () => {
    const result = buildGenerateRequest('budget', form({ country: 'mc' }));
    expect(result.ok && result.body).toMatchObject({ country: 'mc', city: '' });
  });

  it('sends blank places for "any": no country, a country alone, a premium state alone', () => {
    expect(buildGenerateRequest('premium', form({}))).toEqual({
      ok: true,
      kind: 'premium',
      body: { country: '', state: '', city: '', quantity: 1, rotation: 'random', port: 'http|https' },
    });
    expect(buildGenerateRequest('premium', form({ country: 'us' }))).toMatchObject({ ok: true, body: { country: 'us', state: '', city: '' } });
    expect(buildGenerateRequest('premium', form({ country: 'us', state: 'ca' }))).toMatchObject({ ok: true, body: { country: 'us', state: 'ca', city: '' } });
    expect(buildGenerateRequest('budget', form({}))).toMatchObject({ ok: true, body: { country: '', state: '', city: '', lifetime: 15 } });
    expect(buildGenerateRequest('budget', form({ country: 'us' }))).toMatchObject({ ok: true, body: { country: 'us', city: '' } });
  });

  it('refuses only a missing quantity with "Please select all the fields"', () => {
    expect(SELECT_ALL_FIELDS).toBe('Please select all the fields');
    expect(buildGenerateRequest('premium', form({ quantity: '' }))).toEqual({ ok: false, message: SELECT_ALL_FIELDS });
    expect(buildGenerateRequest('budget', form({ country: 'us', city: 'x', quantity: ' ' }))).toEqual({ ok: false, message: SELECT_ALL_FIELDS });
  });

  it('sends a quantity of 1 to 1000 and refuses anything else with its own message', () => {
    const chosen = { country: 'us', city: 'losangeles' };
    expect(buildGenerateRequest('budget', form({ ...chosen, quantity: '1000' }))).toMatchObject({ ok: true, body: { quantity: 1000 } });
    expect(buildGenerateRequest('budget', form({ ...chosen, quantity: ' 25 ' }))).toMatchObject({ ok: true, body: { quantity: 25 } });
    for (const quantity of ['0', '1001', '2.5', '-3', '1e3', 'ten']) {
      expect(buildGenerateRequest('budget', form({ ...chosen, quantity }))).toEqual({ ok: false, message: QUANTITY_RANGE });
    }
    expect(QUANTITY_RANGE).toBe('Quantity must be between 1 and 1000');
  });

  it('clears state and city when the country changes, and the city when the state changes', () => {
    const chosen = form({ country: 'us', state: 'ca', city: 'losangeles' });
    expect(withCountry(chosen, 'us')).toBe(chosen);
    expect(withCountry(chosen, 'de')).toMatchObject({ country: 'de', state: '', city: '' });
    expect(withState(chosen, 'ny')).toMatchObject({ country: 'us', state: 'ny', city: '' });
  });
});

describe('proxy formats', () => {
  const parts = parseProxy('gw.example.com:8000:uabc-type-premium-country-us:s3cret')!;

  it('reads host, port, username and password', () => {
    expect(parts).toEqual({ host: 'gw.example.com', port: '8000', username: 'uabc-type-premium-country-us', password: 's3cret' });
    expect(parseProxy('not a proxy')).toBeNull();
    expect(parseProxy('h:port:u:p')).toBeNull();
  });

  it('renders the four output formats', () => {
    expect(PROXY_FORMATS.map((format) => formatProxy(parts, format))).toEqual([
      'gw.example.com:8000:uabc-type-premium-country-us:s3cret',
      'gw.example.com:8000@uabc-type-premium-country-us:s3cret',
      'uabc-type-premium-country-us:s3cret:gw.example.com:8000',
      'uabc-type-premium-country-us:s3cret@gw.example.com:8000',
    ]);
  });

  it('names the download proxy_<date>.txt', () => {
    expect(downloadFileName(new Date(2026, 10, 21, 9, 30))).toBe('proxy_2026-11-21.txt');
  });
});

describe('usage and locations', () => {
  it('fills the 30 days up to today with zeros where nothing was used', () => {
    const today = new Date(Date.UTC(2026, 10, 21, 12));
    const days = fillDays(parseUsage({ type: 'premium', days: [{ day: '2026-11-20', bytes: 5e8 }, { day: '2026-10-01', bytes: 1 }, { day: 'bad', bytes: 3 }] }), 30, today);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ day: '2026-10-23', bytes: 0 });
    expect(days[28]).toEqual({ day: '2026-11-20', bytes: 5e8 });
    expect(days[29]).toEqual({ day: '2026-11-21', bytes: 0 });
  });

  it('rounds the chart axis up', () => {
    expect([0, 0.3, 1.2, 2.2, 4, 7, 12].map(niceMax)).toEqual([1, 0.5, 2, 2.5, 5, 10, 20]);
  });

  it('reads premium and budget locations into one shape', () => {
    const premium = premiumCountries({ locations: [{ code: 'us', name: 'United States', states: [{ code: 'ca', name: 'California', cities: [] }] }] });
    expect(premium).toEqual([{ code: 'us', name: 'United States', cities: [], states: [{ code: 'ca', name: 'California', cities: [] }] }]);
    const budget = budgetCountries({ locations: [{ code: 'us', name: 'United States', cities: [{ code: 'losangeles', name: 'Los Angeles' }] }] });
    expect(budget).toEqual([{ code: 'us', name: 'United States', states: [], cities: [{ code: 'losangeles', name: 'Los Angeles' }] }]);
  });
});

describe('snippets for a Socks5 line', () => {
  const parts = { host: 'gw.proxyshop.test', port: '8001', username: 'uabc-type-budget', password: 'p@ss' };
  it('use socks5h, say what to install, and URL-encode the credentials inside URLs', async () => {
    const { snippet } = await import('./snippets');
    expect(snippet('curl', parts, true)).toBe("curl --proxy 'socks5h://gw.proxyshop.test:8001' --proxy-user 'uabc-type-budget:p@ss' 'https://api.ipify.org?format=json'");
    expect(snippet('python', parts, true)).toContain('pip install "requests[socks]"');
    expect(snippet('python', parts, true)).toContain('proxy = "socks5h://uabc-type-budget:p%40ss@gw.proxyshop.test:8001"');
    expect(snippet('node', parts, true)).toContain("new SocksProxyAgent('socks5h://uabc-type-budget:p%40ss@gw.proxyshop.test:8001')");
    expect(snippet('playwright', parts, true)).toMatch(/^\/\/ Chromium cannot send a password to a SOCKS5 proxy/);
    expect(snippet('node', parts, false)).toContain("new ProxyAgent('http://uabc-type-budget:p%40ss@gw.proxyshop.test:8001')");
  });
});
