// The settings forms' rules and messages. The name and phone messages are the server's (the
// profile route's 422 answers); the password rules are the registration's (src/lib/form-rules.ts).
import { z } from '@/lib/zod';
import { codeSchema, emailSchema, matchingPasswords, RULE_MESSAGES, strongPassword } from '@/lib/form-rules';
import { isTrafficKind, PROXY_KINDS } from '@/lib/kinds';

export const ACCOUNT_MESSAGES = {
  name: 'Please enter your name (1–80 characters)',
  phone: 'Please enter the phone number in international format, e.g. +14155550123',
  imageType: 'Please upload a PNG, JPEG or WebP image',
  imageSize: 'The image must be at most 2 MB',
  sameEmail: 'This is already your email',
  authCode: 'Please enter the 6-digit code from your authenticator app',
  disableCode: 'Please enter a code from your authenticator app or a recovery code',
  keyName: 'Please name the key (1–60 characters)',
  keyScopes: 'Please choose at least one scope',
  keyIps: 'Please enter IPv4 or IPv6 addresses or CIDR ranges, separated by commas or new lines',
  allowlistIp: 'Please enter an IP address or a CIDR range no wider than /24 (IPv4) or /48 (IPv6)',
  allowlistCountry: 'Please enter a two-letter country code, e.g. us',
  allowlistPiece: 'Please choose one of your proxies of this type',
  subuserName: 'Please enter a name of 1–16 lowercase letters and digits',
  subuserLimitGb: 'Please enter a traffic cap above 0 GB with at most 2 decimals, at most 100000',
  subuserMaxConnections: 'Please enter a whole number of connections from 1 to 10000',
  billingCompany: 'Company must be at most 100 characters, on one line',
  billingAddress: 'Address must be at most 200 characters, on one line',
  billingVatId: 'VAT ID must be at most 32 characters, on one line',
} as const;

/** The billing details' limits (domain::billing on the server): characters once trimmed. */
export const BILLING_MAX = { company: 100, address: 200, vatId: 32 } as const;

// eslint-disable-next-line no-control-regex -- the server refuses exactly these
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const oneLine = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .refine((value) => !CONTROL.test(value), message);

export const billingSchema = z.object({
  company: oneLine(BILLING_MAX.company, ACCOUNT_MESSAGES.billingCompany),
  address: oneLine(BILLING_MAX.address, ACCOUNT_MESSAGES.billingAddress),
  vatId: oneLine(BILLING_MAX.vatId, ACCOUNT_MESSAGES.billingVatId),
});
export type BillingValues = z.input<typeof billingSchema>;

export const NAME_MAX = 80;
export const KEY_NAME_MAX = 60;
/** The largest photo the server takes. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Spaces, dashes, dots and brackets people type in phone numbers; the server takes `+` and digits. */
export function normalisePhone(text: string): string {
  return text.replace(/[\s\-().]/g, '');
}

export const profileSchema = z.object({
  name: z.string().trim().min(1, ACCOUNT_MESSAGES.name).max(NAME_MAX, ACCOUNT_MESSAGES.name),
  phone: z
    .string()
    .transform(normalisePhone)
    .refine((phone) => phone === '' || /^\+\d{7,15}$/.test(phone), ACCOUNT_MESSAGES.phone),
});
export type ProfileValues = z.input<typeof profileSchema>;

export const emailChangeSchema = z.object({ newEmail: emailSchema, password: z.string() });
export type EmailChangeValues = z.infer<typeof emailChangeSchema>;

export const emailCodeSchema = z.object({ code: codeSchema });
export type EmailCodeValues = z.infer<typeof emailCodeSchema>;

export const passwordChangeSchema = matchingPasswords(
  z.object({
    currentPassword: z.string(),
    newPassword: strongPassword(RULE_MESSAGES.passwordRequired),
    confirmPassword: strongPassword(RULE_MESSAGES.confirmRequired),
  }),
  'newPassword',
  'confirmPassword',
);
export type PasswordChangeValues = z.infer<typeof passwordChangeSchema>;

export const enableSchema = z.object({ code: z.string().regex(/^\d{6}$/, ACCOUNT_MESSAGES.authCode) });
export type EnableValues = z.infer<typeof enableSchema>;

export const disableSchema = z.object({
  password: z.string(),
  code: z.string().trim().min(1, ACCOUNT_MESSAGES.disableCode),
});
export type DisableValues = z.infer<typeof disableSchema>;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f:]+(:\d{1,3}(\.\d{1,3}){3})?$/i;

/** One address or CIDR range: IPv4 (prefix 0–32) or IPv6 (prefix 0–128). */
export function isIpOrCidr(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const v4 = IPV4.test(address);
  const v6 = !v4 && address.includes(':') && IPV6.test(address) && (address.match(/::/g) ?? []).length <= 1;
  if (!v4 && !v6) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (v4 ? 32 : 128);
}

/** The entries of the allowed-IPs box: split on commas, spaces and new lines. */
export function splitIps(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

export const EXPIRY_CHOICES = [
  { value: 'never', label: 'Never', days: null },
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: '365', label: '1 year', days: 365 },
] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]['value'];

export const apiKeySchema = z.object({
  name: z.string().trim().min(1, ACCOUNT_MESSAGES.keyName).max(KEY_NAME_MAX, ACCOUNT_MESSAGES.keyName),
  scopes: z.array(z.enum(['read', 'generate', 'buy', 'resell'])).min(1, ACCOUNT_MESSAGES.keyScopes),
  expiry: z.enum(['never', '30', '90', '365']),
  allowedIps: z.string().refine((text) => splitIps(text).every(isIpOrCidr), ACCOUNT_MESSAGES.keyIps),
  /** A sub-user's id: the key reads only its data (docs/api-keys.md); empty for the whole account. */
  subuser: z.string(),
});
export type ApiKeyValues = z.infer<typeof apiKeySchema>;

/** The expiry as unix seconds, `days` from `now`; undefined for a key that does not expire. */
export function expiresAt(choice: ExpiryChoice, now: Date = new Date()): number | undefined {
  const days = EXPIRY_CHOICES.find((entry) => entry.value === choice)?.days ?? null;
  if (days === null) return undefined;
  return Math.floor(now.getTime() / 1000) + days * 86_400;
}

/** "JBSW Y3DP …": the base32 secret in groups of four, easier to type. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The widest range the allowlist takes: an IPv4 /24 or an IPv6 /48 (the server checks too). */
export function isAllowlistRange(entry: string): boolean {
  const text = entry.trim();
  if (!isIpOrCidr(text)) return false;
  const [address = '', prefix] = text.split('/');
  if (prefix === undefined) return true;
  return Number(prefix) >= (address.includes(':') ? 48 : 24);
}

/** Premium and Budget entries carry targeting; the per-piece kinds name one of the customer's pieces. */
export const allowlistSchema = z
  .object({
    ip: z.string().trim().refine(isAllowlistRange, ACCOUNT_MESSAGES.allowlistIp),
    type: z.enum(PROXY_KINDS),
    rotation: z.enum(['random', 'sticky']),
    country: z.string().trim(),
    /** The chosen piece's id as the select holds it; empty for none. */
    pieceId: z.string(),
  })
  .superRefine((values, ctx) => {
    if (isTrafficKind(values.type)) {
      if (values.country !== '' && !/^[A-Za-z]{2}$/.test(values.country))
        ctx.addIssue({ code: 'custom', path: ['country'], message: ACCOUNT_MESSAGES.allowlistCountry });
    } else if (values.pieceId === '') {
      ctx.addIssue({ code: 'custom', path: ['pieceId'], message: ACCOUNT_MESSAGES.allowlistPiece });
    }
  });
export type AllowlistValues = z.infer<typeof allowlistSchema>;

/** A cap typed in GB: empty (no cap), or above 0 with at most 2 decimals, at most 100000. */
export function isGbCap(text: string): boolean {
  const value = text.trim();
  if (value === '') return true;
  return /^\d{1,6}(\.\d{1,2})?$/.test(value) && Number(value) > 0 && Number(value) <= 100_000;
}

/** A connection cap as typed: empty (no cap), or a whole number from 1 to 10000. */
export function isConnectionCap(text: string): boolean {
  const value = text.trim();
  if (value === '') return true;
  return /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 10_000;
}

/** A typed cap as the API takes it: null when empty. */
export function capValue(text: string): number | null {
  return text.trim() === '' ? null : Number(text.trim());
}

const subuserCaps = {
  limitGb: z.string().refine(isGbCap, ACCOUNT_MESSAGES.subuserLimitGb),
  maxConnections: z.string().refine(isConnectionCap, ACCOUNT_MESSAGES.subuserMaxConnections),
};

export const subuserSchema = z.object({
  name: z.string().trim().regex(/^[a-z0-9]{1,16}$/, ACCOUNT_MESSAGES.subuserName),
  type: z.enum(['premium', 'budget']),
  ...subuserCaps,
});
export type SubuserValues = z.infer<typeof subuserSchema>;

export const subuserCapsSchema = z.object(subuserCaps);
export type SubuserCapsValues = z.infer<typeof subuserCapsSchema>;

/** Who a sub-user's sign-in is for: the invitee's email (docs/subusers.md). */
export const inviteSchema = z.object({ email: emailSchema });
export type InviteValues = z.infer<typeof inviteSchema>;

export const mainCapSchema = z.object({ maxConnections: subuserCaps.maxConnections });
export type MainCapValues = z.infer<typeof mainCapSchema>;
