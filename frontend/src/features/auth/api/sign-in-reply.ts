// What the sign-in routes answer (the generated SignInReply): the signed-in user and a message,
// or `{twoFactorRequired: true}` when the account asks for the second factor first (nobody is
// signed in until POST /api/login/2fa).
import type { Schemas } from '@/lib/api-types';

export type SignInReply = Schemas['SignInReply'];
export type TwoFactorRequired = Schemas['TwoFactorRequired'];

export function isTwoFactorChallenge(reply: SignInReply): reply is TwoFactorRequired {
  return 'twoFactorRequired' in reply && reply.twoFactorRequired;
}
