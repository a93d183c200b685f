// An upstream pool's form: its rules (the server's own messages, crates/domain/src/upstream_pool.rs)
// and the way between a pool, the form's text and the API's body.
import { z } from '@/lib/zod';
import type { PoolBody, PoolPatch, UpstreamPool } from '../../types';

export const POOL_MESSAGES = {
  name: 'Name must be 1–80 characters',
  kinds: 'Kinds must list premium and/or budget, at least one',
  host: 'Host must be a host name or IPv4 address (letters, digits, dots, hyphens; at most 253 characters)',
  port: 'Port must be a whole number from 1 to 65535',
  cost: 'Cost per GB must be 0 to 1000 dollars with at most 2 decimals',
  weight: 'Weight must be a whole number from 1 to 1000',
  countries: 'Countries must be two-letter ISO codes (lower case), each listed once',
} as const;

export const PRESETS = [
  { value: 'iproyal', label: 'IPRoyal' },
  { value: 'oxylabs', label: 'Oxylabs' },
  { value: 'decodo', label: 'Decodo (Smartproxy)' },
  { value: 'brightdata', label: 'Bright Data' },
  { value: 'soax', label: 'SOAX' },
] as const;

type Preset = (typeof PRESETS)[number]['value'];
const PRESET_VALUES = PRESETS.map((preset) => preset.value);

const whole = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((text) => /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max, message);

/** The countries as typed: codes separated by commas or spaces, any case. */
export const countriesOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((code) => code.trim().toLowerCase())
    .filter(Boolean);

export const upstreamSchema = z
  .object({
    name: z.string().trim().min(1, POOL_MESSAGES.name).max(80, POOL_MESSAGES.name),
    premium: z.boolean(),
    budget: z.boolean(),
    protocol: z.enum(['http', 'socks5']),
    host: z
      .string()
      .trim()
      .refine((text) => text.length >= 1 && text.length <= 253 && /^[A-Za-z0-9.-]+$/.test(text), POOL_MESSAGES.host),
    port: whole(1, 65_535, POOL_MESSAGES.port),
    username: z.string(),
    password: z.string(),
    preset: z.string(),
    usernameTemplate: z.string(),
    passwordTemplate: z.string(),
    costPerGb: z
      .string()
      .trim()
      .refine((text) => /^\d+(\.\d{1,2})?$/.test(text) && Number(text) <= 1000, POOL_MESSAGES.cost),
    weight: whole(1, 1000, POOL_MESSAGES.weight),
    countries: z.string().refine((text) => {
      const codes = countriesOf(text);
      return codes.every((code) => /^[a-z]{2}$/.test(code)) && new Set(codes).size === codes.length;
    }, POOL_MESSAGES.countries),
    active: z.boolean(),
  })
  .refine((values) => values.premium || values.budget, { message: POOL_MESSAGES.kinds, path: ['premium'] });

export type UpstreamValues = z.infer<typeof upstreamSchema>;

export const EMPTY_UPSTREAM: UpstreamValues = {
  name: '',
  premium: true,
  budget: false,
  protocol: 'http',
  host: '',
  port: '',
  username: '',
  password: '',
  preset: '',
  usernameTemplate: '',
  passwordTemplate: '',
  costPerGb: '',
  weight: '1',
  countries: '',
  active: true,
};

export function upstreamToValues(pool: UpstreamPool): UpstreamValues {
  return {
    name: pool.name,
    premium: pool.kinds.includes('premium'),
    budget: pool.kinds.includes('budget'),
    protocol: pool.protocol === 'socks5' ? 'socks5' : 'http',
    host: pool.host,
    port: String(pool.port),
    username: pool.username,
    password: '',
    preset: '',
    usernameTemplate: pool.usernameTemplate,
    passwordTemplate: pool.passwordTemplate,
    costPerGb: pool.costPerGb.toFixed(2),
    weight: String(pool.weight),
    countries: pool.countries.join(', '),
    active: pool.active,
  };
}

/** The body of a new pool: a template left empty is filled by the preset (or the plain one); an
 * empty password is not sent. */
export function valuesToBody(values: UpstreamValues): PoolBody {
  const preset = PRESET_VALUES.find((value): value is Preset => value === values.preset);
  return {
    name: values.name.trim(),
    kinds: [...(values.premium ? (['premium'] as const) : []), ...(values.budget ? (['budget'] as const) : [])],
    protocol: values.protocol,
    host: values.host.trim(),
    port: Number(values.port),
    username: values.username,
    ...(values.password ? { password: values.password } : {}),
    ...(preset ? { preset } : {}),
    ...(values.usernameTemplate.trim() ? { usernameTemplate: values.usernameTemplate.trim() } : {}),
    ...(values.passwordTemplate.trim() ? { passwordTemplate: values.passwordTemplate.trim() } : {}),
    costPerGb: Math.round(Number(values.costPerGb) * 100) / 100,
    weight: Number(values.weight),
    countries: countriesOf(values.countries),
    active: values.active,
  };
}

/** An edit sends the same fields; the password only when a new one is typed. */
export const patchOf = (body: PoolBody): PoolPatch => body;
