import { screen, within } from '@testing-library/react';
import { renderAt } from '@/test/render';
import { ACCOUNT_MESSAGES } from './schemas';
import { account, json, preloadRoutes, record, SLOW } from './test-support';

beforeAll(preloadRoutes);

async function billingCard() {
  const heading = await screen.findByRole('heading', { name: 'Billing details' }, SLOW);
  return heading.closest('section')!;
}

describe('settings: billing details', { timeout: 60_000 }, () => {
  it('shows the saved details and saves the trimmed changes', async () => {
    const state = account({ billing: { company: 'Acme Ltd', address: '', vatId: '' } });
    const seen = record('put', '/api/user/billing', (body) => {
      state.billing = body as typeof state.billing;
      return json({ message: 'Billing details saved', billing: state.billing });
    });
    const { user } = renderAt('/onboard/settings/billing');
    const card = within(await billingCard());
    const company = await card.findByLabelText('Company (optional)');
    expect(company).toHaveValue('Acme Ltd');
    await user.type(card.getByLabelText('Address (optional)'), '  1 Main St, Dublin, Ireland ');
    await user.type(card.getByLabelText('VAT ID (optional)'), 'IE1234567T');
    await user.click(card.getByRole('button', { name: 'Save billing details' }));
    expect(await screen.findByText('Billing details saved')).toBeInTheDocument();
    expect(seen[0]?.body).toEqual({ company: 'Acme Ltd', address: '1 Main St, Dublin, Ireland', vatId: 'IE1234567T' });
    expect(card.getByLabelText('Address (optional)')).toHaveValue('1 Main St, Dublin, Ireland');
  });

  it('checks the lengths before sending and shows the server’s field errors', async () => {
    account();
    const seen = record('put', '/api/user/billing', () =>
      json({ message: ACCOUNT_MESSAGES.billingVatId, fields: { vatId: ACCOUNT_MESSAGES.billingVatId } }, 422),
    );
    const { user } = renderAt('/onboard/settings/billing');
    const card = within(await billingCard());
    const company = await card.findByLabelText('Company (optional)');
    await user.type(company, 'x'.repeat(101));
    await user.click(card.getByRole('button', { name: 'Save billing details' }));
    expect(await card.findByText(ACCOUNT_MESSAGES.billingCompany)).toBeInTheDocument();
    expect(seen).toHaveLength(0);

    await user.clear(company);
    await user.type(card.getByLabelText('VAT ID (optional)'), 'DE1');
    await user.click(card.getByRole('button', { name: 'Save billing details' }));
    expect(await card.findByText(ACCOUNT_MESSAGES.billingVatId, { selector: 'p[id]' })).toBeInTheDocument();
    expect(card.getByLabelText('VAT ID (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(seen).toHaveLength(1);
  });
});
