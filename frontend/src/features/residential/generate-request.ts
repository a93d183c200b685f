// The generate form of the premium and budget pages as plain data, and the request bodies it
// becomes (docs/api.md#traffic-and-generators): protocol and rotation mappings, sticky lifetime 0,
// optional targeting (blank country, state or city is "any"), a quantity of 1 to 1000 lines, and
// the credential (the main account or a sub-user).

import { z } from '@/lib/zod';

export type GeneratorKind = 'premium' | 'budget';

export const PROTOCOLS = [
  { label: 'Http/s', value: 'http|https' },
  { label: 'Socks5', value: 'socks5' },
] as const;
export type Port = (typeof PROTOCOLS)[number]['value'];

export const ROTATIONS = [
  { label: 'Rotating', value: 'random' },
  { label: 'Sticky', value: 'sticky' },
] as const;
export type Rotation = (typeof ROTATIONS)[number]['value'];

/** Rotation time options (minutes): 15 minutes to 1 day. */
export const ROTATION_TIMES: ReadonlyArray<{ name: string; value: number }> = [
  { name: '15 Minutes', value: 15 },
  { name: '30 Minutes', value: 30 },
  { name: '1 Hour', value: 60 },
  { name: '4 Hour', value: 240 },
  { name: '6 Hour', value: 360 },
  { name: '12 Hour', value: 720 },
  { name: '18 Hour', value: 1080 },
  { name: '1 Day', value: 1440 },
];
export const DEFAULT_LIFETIME = 15;
export const DEFAULT_QUANTITY = 1;
export const MAX_QUANTITY = 1000;

export const SELECT_ALL_FIELDS = 'Please select all the fields';
export const QUANTITY_RANGE = 'Quantity must be between 1 and 1000';

/** The quantity field's text: a whole number from 1 to 1000 (an empty field is "missing"). */
export const quantitySchema = z
  .string()
  .trim()
  .regex(/^\d+$/, QUANTITY_RANGE)
  .transform(Number)
  .pipe(z.number().int().min(1, QUANTITY_RANGE).max(MAX_QUANTITY, QUANTITY_RANGE));

export type GenerateForm = {
  port: Port;
  rotation: Rotation;
  country: string;
  state: string;
  city: string;
  /** Minutes between rotations (budget, Rotating only). */
  lifetime: number;
  /** As typed: the number input's text ('' when emptied). */
  quantity: string;
  /** The credential of the lines: '' for the main account, or a sub-user's id. */
  subuser: string;
};

export const INITIAL_FORM: GenerateForm = {
  port: 'http|https',
  rotation: 'random',
  country: '',
  state: '',
  city: '',
  lifetime: DEFAULT_LIFETIME,
  quantity: String(DEFAULT_QUANTITY),
  subuser: '',
};

/** Blank country, state or city: any (no country targets any country). */
export type PremiumBody = {
  country: string;
  state: string;
  city: string;
  quantity: number;
  rotation: Rotation;
  port: Port;
  /** A sub-user's id: its username and password instead of the main account's. */
  subuserId?: number;
};
export type BudgetBody = PremiumBody & { lifetime: number };

export type BuildResult =
  | { ok: true; kind: 'premium'; body: PremiumBody }
  | { ok: true; kind: 'budget'; body: BudgetBody }
  | { ok: false; message: string };

/** Form edits that keep the dependent fields honest: a new country clears state and city, a new
 * state clears the city. */
export function withCountry(form: GenerateForm, country: string): GenerateForm {
  return country === form.country ? form : { ...form, country, state: '', city: '' };
}
export function withState(form: GenerateForm, state: string): GenerateForm {
  return state === form.state ? form : { ...form, state, city: '' };
}

/** The request of a filled form. Every place is optional (blank is "any"): only the quantity
 * must be there. The form's own edits keep a state or city from outliving its country. */
export function buildGenerateRequest(kind: GeneratorKind, form: GenerateForm): BuildResult {
  const typed = form.quantity.trim();
  if (typed === '') return { ok: false, message: SELECT_ALL_FIELDS };
  const parsed = quantitySchema.safeParse(typed);
  if (!parsed.success) return { ok: false, message: QUANTITY_RANGE };
  const quantity = parsed.data;
  const credential = form.subuser ? { subuserId: Number(form.subuser) } : {};
  if (kind === 'premium') {
    return {
      ok: true,
      kind,
      body: { country: form.country, state: form.state, city: form.city, quantity, rotation: form.rotation, port: form.port, ...credential },
    };
  }
  return {
    ok: true,
    kind,
    body: {
      country: form.country,
      // the budget API takes no state
      state: '',
      city: form.city ? `-city-${form.city}` : '',
      quantity,
      // sticky sessions carry no rotation time: the lifetime is 0
      lifetime: form.rotation === 'sticky' ? 0 : form.lifetime,
      rotation: form.rotation,
      port: form.port,
      ...credential,
    },
  };
}
