// Query strings of the console's lists: empty filters are left out rather than sent as `q=`.

type Value = string | number | boolean | null | undefined;

/** The entries whose value is not empty, null or undefined. */
export function withoutEmpty<T extends Record<string, Value>>(query: T): { [K in keyof T]?: Exclude<T[K], '' | null> } {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '' && value !== null && value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], '' | null>;
  };
}
