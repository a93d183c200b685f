// The password and code rules with their exact messages (docs/screens.md#form-rules), shared by
// registration, the password reset and the account settings so that every form says the same.
import { z } from '@/lib/zod';

export const RULE_MESSAGES = {
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

export const PASSWORD_MIN = 6;
const CODE_LENGTH = 6;

/** The only special characters a password may have (at least one of them). */
export const PASSWORD_SPECIALS = '@$!%*?&';

/** The specials spaced out for reading, with no-break spaces so that the list never breaks. */
const ALLOWED_SPECIALS_TEXT = '@\u00a0$\u00a0!\u00a0%\u00a0*\u00a0?\u00a0&';

/** The helper text under every new-password field; the rule's message itself stays word for word
 * as docs/screens.md gives it. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters with an uppercase letter, a lowercase letter, a number and a special character. Allowed special characters: ${ALLOWED_SPECIALS_TEXT} (no others, no spaces).`;

/** At least one of each class, and nothing but letters, digits and @$!%*?&. */
const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]+$/;

export const emailSchema = z.string().trim().min(1, RULE_MESSAGES.emailRequired).pipe(z.email(RULE_MESSAGES.emailInvalid));

/** A new password: required (with `required` as the message), the length and the character rules. */
export const strongPassword = (required: string) =>
  z.string().min(1, required).min(PASSWORD_MIN, RULE_MESSAGES.passwordMin).regex(PASSWORD_PATTERN, RULE_MESSAGES.passwordRules);

/** A mailed 6-digit code. */
export const codeSchema = z
  .string()
  .min(CODE_LENGTH, RULE_MESSAGES.codeMin)
  .max(CODE_LENGTH, RULE_MESSAGES.codeMax)
  .regex(/^\d+$/, RULE_MESSAGES.codeDigits);

/** The refinement "confirmation equals password", checked even while other fields are invalid. */
export function matchingPasswords<T extends z.ZodType>(schema: T, password: string, confirmation: string) {
  return schema.refine(
    (values) => {
      const record = values as Record<string, unknown>;
      return record[password] === record[confirmation];
    },
    {
      message: RULE_MESSAGES.passwordsMismatch,
      path: [confirmation],
      when: (payload) => {
        const value = payload.value as Record<string, unknown>;
        return typeof value[password] === 'string' && typeof value[confirmation] === 'string';
      },
    },
  );
}
