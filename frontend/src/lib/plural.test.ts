import { plural, pluralNoun } from './plural';

describe('plural', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(plural(1, 'day', 'days')).toBe('1 day');
    expect(plural(2, 'day', 'days')).toBe('2 days');
    expect(plural(0, 'proxy', 'proxies')).toBe('0 proxies');
    expect(plural(1.5, 'piece', 'pieces')).toBe('1.5 pieces');
    expect(plural(21, 'connection', 'connections')).toBe('21 connections');
  });

  it('gives the noun alone', () => {
    expect(pluralNoun(1, 'proxy', 'proxies')).toBe('proxy');
    expect(pluralNoun(3, 'proxy', 'proxies')).toBe('proxies');
  });
});
