// The purchase form's rule, in the server's words (docs/resellers.md, "Catalogue").
import { z } from '@/lib/zod';

export const CLIENT_MESSAGES = {
  gb: 'gb must be a whole number from 1 to 10000',
} as const;

export const purchaseSchema = z.object({
  gb: z.string().refine((text) => /^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 10_000, CLIENT_MESSAGES.gb),
});
export type PurchaseValues = z.infer<typeof purchaseSchema>;
