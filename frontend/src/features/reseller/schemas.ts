// The reseller console's forms with the server's own rules and messages (docs/resellers.md), so
// that a form refuses what the server would, in the same words; the server still has the last say
// (its 422 field messages go under the same fields).
import { emailSchema, strongPassword, RULE_MESSAGES } from '@/lib/form-rules';
import { z } from '@/lib/zod';

export const RESELLER_MESSAGES = {
  clientName: 'name must be 1 to 80 characters, without control characters',
  clientNote: 'note must be at most 500 characters',
  gb: 'gb must be a number above 0 with at most 2 decimals, at most 100000',
  validityDays: 'validityDays must be a whole number of days from 1 to 3650',
  slug: 'slug must be 3 to 40 lower-case letters, digits or hyphens, not starting or ending with a hyphen',
  brandName: 'name must be 1 to 60 characters, without control characters',
  colour: 'colour must be a colour written #rrggbb, such as #1a73e8',
  supportEmail: 'Please enter a valid email',
  supportUrl: 'supportUrl must be an https:// address of at most 200 characters',
  proxyHost: 'proxyHost must be a host name such as proxy.example.com (a CNAME to the shop\u2019s gateway)',
  pricePerGb: 'pricePerGb must be a number above 0 with at most 2 decimals, at most 10000, or null',
  logoType: 'Please upload a PNG, JPEG or WebP image',
  logoSize: 'The logo must be at most 2 MB',
  premiumBelowGb: 'premiumBelowGb must be a whole number of GB from 1 to 100000, or null to turn it off',
  budgetBelowGb: 'budgetBelowGb must be a whole number of GB from 1 to 100000, or null to turn it off',
} as const;

/** The logo's limit, as the server counts it. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const oneLine = (max: number, message: string) =>
  z.string().trim().max(max, message).refine((text) => !CONTROL.test(text), message);

/** A decimal typed by hand: digits with at most two after the point. */
const TWO_DECIMALS = /^\d+(\.\d{1,2})?$/;
const decimalUpTo = (max: number) => (text: string) => TWO_DECIMALS.test(text.trim()) && Number(text) > 0 && Number(text) <= max;
const wholeFromTo = (min: number, max: number) => (text: string) => /^\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max;

export const TRAFFIC_KINDS = ['premium', 'budget'] as const;
export type TrafficKind = (typeof TRAFFIC_KINDS)[number];

export const clientSchema = z
  .object({
    email: emailSchema,
    name: oneLine(80, RESELLER_MESSAGES.clientName),
    note: z.string().max(500, RESELLER_MESSAGES.clientNote),
    access: z.enum(['invite', 'password']),
    password: z.string(),
  })
  .superRefine((values, context) => {
    if (values.access !== 'password') return;
    const checked = strongPassword(RULE_MESSAGES.passwordRequired).safeParse(values.password);
    if (!checked.success) context.addIssue({ code: 'custom', path: ['password'], message: checked.error.issues[0]?.message ?? RULE_MESSAGES.passwordRules });
  });
export type ClientValues = z.infer<typeof clientSchema>;

export const noteSchema = z.object({ note: z.string().max(500, RESELLER_MESSAGES.clientNote) });
export type NoteValues = z.infer<typeof noteSchema>;

export const moveSchema = z.object({
  type: z.enum(TRAFFIC_KINDS),
  gb: z.string().refine(decimalUpTo(100_000), RESELLER_MESSAGES.gb),
  /** allocate only: blank gives the client the reseller's own end */
  validityDays: z.string().refine((text) => text.trim() === '' || wholeFromTo(1, 3650)(text), RESELLER_MESSAGES.validityDays),
});
export type MoveValues = z.infer<typeof moveSchema>;

const SLUG = /^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$/;
const HOST = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/i;

export const brandSchema = z.object({
  name: z.string().trim().min(1, RESELLER_MESSAGES.brandName).pipe(oneLine(60, RESELLER_MESSAGES.brandName)),
  slug: z.string().trim().regex(SLUG, RESELLER_MESSAGES.slug),
  colour: z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, RESELLER_MESSAGES.colour),
  supportEmail: z.string().trim().refine((text) => text === '' || z.email().safeParse(text).success, RESELLER_MESSAGES.supportEmail),
  supportUrl: z.string().trim().refine((text) => text === '' || (/^https:\/\/[^\s@]+$/i.test(text) && text.length <= 200), RESELLER_MESSAGES.supportUrl),
  proxyHost: z.string().trim().refine((text) => text === '' || HOST.test(text), RESELLER_MESSAGES.proxyHost),
});
export type BrandValues = z.infer<typeof brandSchema>;

export const catalogueSchema = z.object({
  clientPurchases: z.boolean(),
  premium: z.string().refine((text) => text.trim() === '' || decimalUpTo(10_000)(text), RESELLER_MESSAGES.pricePerGb),
  budget: z.string().refine((text) => text.trim() === '' || decimalUpTo(10_000)(text), RESELLER_MESSAGES.pricePerGb),
});
export type CatalogueValues = z.infer<typeof catalogueSchema>;

/** The typed amount as the JSON number the server reads. */
export const toNumber = (text: string) => Number(text.trim());

/** Low-pool alerts: blank is off. */
const belowGb = (message: string) => z.string().refine((text) => text.trim() === '' || wholeFromTo(1, 100_000)(text), message);
export const alertsSchema = z.object({
  premiumBelowGb: belowGb(RESELLER_MESSAGES.premiumBelowGb),
  budgetBelowGb: belowGb(RESELLER_MESSAGES.budgetBelowGb),
});
export type AlertsValues = z.infer<typeof alertsSchema>;

/** Handing a piece to a client: one of the reseller's free pieces, chosen from a list. */
export const assignSchema = z.object({ pieceId: z.string().regex(/^\d+$/, 'Choose the proxy to assign') });
export type AssignValues = z.infer<typeof assignSchema>;
