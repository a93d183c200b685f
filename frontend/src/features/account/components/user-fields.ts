// Fields of the signed-in user that the account screens read: the phone (kept in the profile) and
// whether the account has a password (a Google-only account sets a first one without a current one).
import type { User } from '@/lib/api-types';

export function userPhone(user: User): string {
  return user.profile.phone ?? '';
}

/** False when the account has no password yet (signed up with Google). */
export function hasPassword(user: User): boolean {
  return user.hasPassword;
}
