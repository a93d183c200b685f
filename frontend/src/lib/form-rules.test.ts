import { PASSWORD_HINT, PASSWORD_SPECIALS, RULE_MESSAGES, strongPassword } from './form-rules';

describe('the password rule and its helper text', () => {
  const schema = strongPassword(RULE_MESSAGES.passwordRequired);

  it('accepts every special character the helper text names, and no other', () => {
    for (const special of PASSWORD_SPECIALS) {
      expect(PASSWORD_HINT).toContain(` ${special}`);
      expect(schema.safeParse(`Secret1${special}`).success).toBe(true);
    }
    for (const other of ['#', '^', '-', '_', ' ', '.']) {
      expect(schema.safeParse(`Secret1!${other}`).error?.issues[0]?.message).toBe(RULE_MESSAGES.passwordRules);
    }
  });
});
