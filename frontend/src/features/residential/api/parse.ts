// Small run-time readers for answers that openapi.json describes only in prose (the locations).
export type Raw = Record<string, unknown>;

export const isRecord = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

export const asString = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

