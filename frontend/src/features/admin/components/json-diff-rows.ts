// Before and after of an audit entry, flattened to dotted paths and compared field by field.
export const MISSING = Symbol('missing');
type Flat = Map<string, unknown>;

function flatten(value: unknown, prefix: string, into: Flat): Flat {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 && prefix) into.set(prefix, {});
    for (const [key, inner] of entries) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  } else if (prefix) {
    into.set(prefix, value);
  } else if (value !== null && value !== undefined) {
    into.set('value', value);
  }
  return into;
}

export type DiffRow = { path: string; before: unknown; after: unknown; changed: boolean };

export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const a = flatten(before, '', new Map());
  const b = flatten(after, '', new Map());
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  return paths.map((path) => {
    const old = a.has(path) ? a.get(path) : MISSING;
    const now = b.has(path) ? b.get(path) : MISSING;
    return { path, before: old, after: now, changed: JSON.stringify(old) !== JSON.stringify(now) || old === MISSING || now === MISSING };
  });
}


/**
 * Whether the field at `path` holds a time: its last name ends in `At` or `Until` (the API's unix
 * seconds: `expiresAt`, `createdAt`, `availableUntil`) and it is a positive whole number.
 */
export function isTime(path: string, value: unknown): value is number {
  const name = path.split('.').at(-1) ?? '';
  return /(At|Until)$/.test(name) && typeof value === 'number' && Number.isInteger(value) && value > 0;
}
