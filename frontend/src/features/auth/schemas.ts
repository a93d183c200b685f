// Form rules with their exact messages (docs/screens.md#form-rules), shared by the forms and their
// tests. The password and code rules are the shared ones of src/lib/form-rules.ts.
import { z } from '@/lib/zod';
import { CODE_LENGTH } from '@/components/ui/code-input';
import { codeSchema, emailSchema, matchingPasswords, PASSWORD_MIN, RULE_MESSAGES, strongPassword } from '@/lib/form-rules';

export const MESSAGES = RULE_MESSAGES;
export { CODE_LENGTH, emailSchema, PASSWORD_MIN };
export const RESEND_SECONDS = 60;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, MESSAGES.passwordRequired),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const registerSchema = matchingPasswords(
  z.object({
    email: emailSchema,
    code: codeSchema,
    password: strongPassword(MESSAGES.passwordRequired),
    confirmPassword: strongPassword(MESSAGES.confirmRequired),
  }),
  'password',
  'confirmPassword',
);
export type RegisterValues = z.infer<typeof registerSchema>;

export const forgotEmailSchema = z.object({ email: emailSchema });
export type ForgotEmailValues = z.infer<typeof forgotEmailSchema>;

export const resetSchema = matchingPasswords(
  z.object({
    code: codeSchema,
    password: strongPassword(MESSAGES.passwordRequired),
    confirmPassword: strongPassword(MESSAGES.confirmRequired),
  }),
  'password',
  'confirmPassword',
);
export type ResetValues = z.infer<typeof resetSchema>;

/** The invitation page of a sub-user sign-in: its first password (the registration policy). */
export const invitationSchema = matchingPasswords(
  z.object({
    password: strongPassword(MESSAGES.passwordRequired),
    confirmPassword: strongPassword(MESSAGES.confirmRequired),
  }),
  'password',
  'confirmPassword',
);
export type InvitationValues = z.infer<typeof invitationSchema>;

/** The second sign-in step: six digits from the app, or a recovery code like abcd-efgh-ijkl. */
export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Please enter the 6-digit code from your authenticator app',
  recoveryRequired: 'Please enter one of your recovery codes',
} as const;
