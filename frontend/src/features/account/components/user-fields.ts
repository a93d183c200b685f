// Fields the account routes may add to the user of /api/getuserinfo (the phone; whether the
// account has a password, which Google-only accounts lack). Read defensively: while the generated
// types do not name them, an absent field means "unknown".
import type { User } from '@/lib/api-types';

type Extra = { phone?: unknown; hasPassword?: unknown; profile: { phone?: unknown } };

export function userPhone(user: User): string {
  const extra = user as User & Extra;
  const phone = extra.phone ?? extra.profile.phone;
  return typeof phone === 'string' ? phone : '';
}

/** False only when the server says the account has no password (signed up with Google). */
export function hasPassword(user: User): boolean {
  return (user as User & Extra).hasPassword !== false;
}
