// The sub-user's generator: an optional country (two letters, any when blank) and how many lines.
import { z } from '@/lib/zod';

export const LINE_MESSAGES = {
  country: 'Please enter a two-letter country code, or leave it blank for any country',
  quantity: 'Please enter a valid quantity',
};

export const lineSchema = z.object({
  country: z
    .string()
    .trim()
    .regex(/^([a-zA-Z]{2})?$/, LINE_MESSAGES.country),
  quantity: z.coerce.number<string>().int(LINE_MESSAGES.quantity).min(1, LINE_MESSAGES.quantity).max(1000, LINE_MESSAGES.quantity),
});
export type LineValues = z.input<typeof lineSchema>;
export type LineOutput = z.output<typeof lineSchema>;
