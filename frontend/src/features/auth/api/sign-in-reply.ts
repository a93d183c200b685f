// What the sign-in routes answer (the generated SignInReply): the signed-in user and a message,
// or `{twoFactorRequired: true, method}` when the account asks for the second factor first (nobody
// is signed in until POST /api/login/2fa): `totp` the authenticator app's code (or a recovery
// code), `email` a one-time code mailed to the account (a sign-in from a new network while the
// account is under attack).
import type { Schemas } from '@/lib/api-types';

export type SignInReply = Schemas['SignInReply'];
export type TwoFactorRequired = Schemas['TwoFactorRequired'];
export type SecondFactor = TwoFactorRequired['method'];

export function isTwoFactorChallenge(reply: SignInReply): reply is TwoFactorRequired {
  return 'twoFactorRequired' in reply && reply.twoFactorRequired;
}
