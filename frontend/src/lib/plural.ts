// Counts with a noun in English ("1 day", "2 days", "0 proxies"): one helper over
// Intl.PluralRules, so that no screen writes "1 days" or guesses the plural itself.
const rules = new Intl.PluralRules('en');

/** The noun that goes with `count`: `one` for exactly one, `other` otherwise (0, 2, 1.5 …). */
export function pluralNoun(count: number, one: string, other: string): string {
  return rules.select(count) === 'one' ? one : other;
}

/** `count` and its noun: plural(1, 'day', 'days') is "1 day", plural(30, 'day', 'days') "30 days". */
export function plural(count: number, one: string, other: string): string {
  return `${count} ${pluralNoun(count, one, other)}`;
}
