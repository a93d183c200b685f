// Steps the journeys share: a top-up through the local checkout, axe once the toasts are gone, and
// waiting for a toast.
import { axeViolations } from './accessibility.mjs';

/** How long one step of a journey may wait: a bound for a hung step on two loaded cores, not a
 * measure (a passing step never waits for it). Every journey and screenshot script uses this one. */
export const TIMEOUT = 30_000;

export async function topUp(page, url, amount) {
  const created = await page.context().request.post(`${url}/api/payment`, {
    headers: { Origin: url },
    data: { amount, method: 'cryptomous', currency: 'USDT' },
  });
  if (!created.ok()) throw new Error(`payment: ${created.status()} ${await created.text()}`);
  const { url: checkout } = await created.json();
  await page.goto(checkout);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/onboard\/wallet/, { timeout: TIMEOUT });
}

/** axe on the page once the toasts (which fade in and out, failing contrast mid-way) are gone. */
export async function expectAccessible(page, what) {
  await page.waitForFunction(() => !globalThis.document.querySelector('[data-sonner-toast]'), null, { timeout: TIMEOUT });
  const problems = await axeViolations(page);
  if (problems.length > 0) throw new Error(`axe, ${what}:\n  ${problems.join('\n  ')}`);
}

export const toast = (page, text) => page.locator('[data-sonner-toast]').getByText(text, { exact: true }).first().waitFor({ timeout: TIMEOUT });
