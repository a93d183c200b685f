// Form rules with their exact messages (docs/screens.md#form-rules), shared by the forms and their
// tests.
import { z } from 'zod';

export const MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 6 characters',
  passwordRules:
    'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
  confirmRequired: 'Please confirm your password',
  passwordsMismatch: 'Passwords do not match',
  codeMin: 'Please enter the 6-digit verification code',
  codeMax: 'Code must be 6 characters',
  codeDigits: 'Code must contain 6 digits',
} as const;

export const CODE_LENGTH = 6;
export const PASSWORD_MIN = 6;
export const RESEND_SECONDS = 60;

/** At least one of each class, and nothing but letters, digits and @$!%*?&. */
const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]+$/;

export const emailSchema = z.string().trim().min(1, MESSAGES.emailRequired).pipe(z.email(MESSAGES.emailInvalid));

const strongPassword = (required: string) =>
  z.string().min(1, required).min(PASSWORD_MIN, MESSAGES.passwordMin).regex(PASSWORD_PATTERN, MESSAGES.passwordRules);

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, MESSAGES.passwordRequired),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    email: emailSchema,
    code: z
      .string()
      .min(CODE_LENGTH, MESSAGES.codeMin)
      .max(CODE_LENGTH, MESSAGES.codeMax)
      .regex(/^\d+$/, MESSAGES.codeDigits),
    password: strongPassword(MESSAGES.passwordRequired),
    confirmPassword: strongPassword(MESSAGES.confirmRequired),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: MESSAGES.passwordsMismatch,
    path: ['confirmPassword'],
    // check the match even while other fields are still invalid
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown };
      return typeof value.password === 'string' && typeof value.confirmPassword === 'string';
    },
  });
export type RegisterValues = z.infer<typeof registerSchema>;
