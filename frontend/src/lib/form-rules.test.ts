import { PASSWORD_HINT, PASSWORD_SPECIALS, RULE_MESSAGES, strongPassword } from './form-rules';

describe('the password rule and its helper text', () => {
  const schema = strongPassword(RULE_MESSAGES.passwordRequired);

  it('keeps the list of specials on one line', () => {
    expect(PASSWORD_HINT).toContain('@\u00a0$\u00a0!\u00a0%\u00a0*\u00a0?\u00a0&');
  });

  it('accepts every special character the helper text names, and no other', () => {
    for (const special of PASSWORD_SPECIALS) {
      expect(PASSWORD_HINT).toMatch(new RegExp(`\\s\\${special}`));
      expect(schema.safeParse(`Secret1${special}`).success).toBe(true);
    }
    for (const other of ['#', '^', '-', '_', ' ', '.']) {
      expect(schema.safeParse(`Secret1!${other}`).error?.issues[0]?.message).toBe(RULE_MESSAGES.passwordRules);
    }
  });
});
