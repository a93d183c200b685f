// Wire shapes of the sign-in routes that the generated types (src/types/api.ts) do not carry yet:
// the two-factor step and the password reset, written by hand from the contract.
import type { User } from '@/lib/api-types';

/** POST /api/login, Google sign-in and the password reset answer this instead of a user when the
 * account has two-factor sign-in on: nobody is signed in until POST /api/login/2fa. */
export type TwoFactorChallenge = { twoFactorRequired: true };
export type SignedIn = { message: string; user: User };

export function isTwoFactorChallenge(data: unknown): data is { twoFactorRequired: boolean } {
  return typeof data === 'object' && data !== null && (data as { twoFactorRequired?: unknown }).twoFactorRequired === true;
}

export type ForgotBody = { email: string };
export type ForgotAnswer = { message: string };
export type ResetBody = { email: string; code: string; password: string; confirmPassword: string };
export type TwoFactorBody = { code: string };
