// The generators' Credential choice: the main account or one of the customer's enabled sub-users
// of the page's kind, sent as `subuserId`.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Subuser, SubuserList } from '@/lib/subusers';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { PROXY, capture, choose, preloadRoutes, signedIn } from './test-support';

beforeAll(preloadRoutes);

const base: Subuser = {
  id: 1,
  name: 'cheap',
  type: 'budget',
  username: 'uabc-sub-cheap',
  password: 'p',
  limitGb: null,
  usedGb: 0,
  usedBytes: 0,
  limitBytes: null,
  remainingGb: null,
  maxConnections: null,
  enabled: true,
  createdAt: 1,
};

function withSubusers(items: Subuser[]) {
  const list: SubuserList = { main: { username: 'uabc', maxConnections: null }, items };
  server.use(http.get('*/api/user/subusers', () => HttpResponse.json(list)));
}

describe('generator credential', () => {
  it('offers the enabled sub-users of the kind and sends the chosen one', async () => {
    signedIn();
    withSubusers([base, { ...base, id: 2, name: 'off', enabled: false }, { ...base, id: 3, name: 'fancy', type: 'premium' }]);
    const line = 'gw.proxyshop.test:8000:uabc-sub-cheap-type-budget-country-us-city-losangeles:p';
    const bodies = capture('/api/user/generate_budget', () => HttpResponse.json({ proxies: [line], message: 'Proxy generated successfully' }));
    const { user } = renderAt('/onboard/budget-proxy');
    const credential = await screen.findByLabelText('Credential', {}, { timeout: 10_000 });
    expect(within(credential).getAllByRole('option').map((option) => option.textContent)).toEqual(['Main account', 'Sub-user cheap']);
    expect(credential).toHaveValue('');
    await user.selectOptions(credential, '1');
    await choose(user, 'Country', 'United States');
    await choose(user, 'City', 'Los Angeles');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByText('Proxy generated successfully');
    expect(bodies).toEqual([
      { country: 'us', state: '', city: '-city-losangeles', quantity: 1, lifetime: 15, rotation: 'random', port: 'http|https', subuserId: 1 },
    ]);
    expect(screen.getByTestId('proxy-string')).toHaveTextContent('-sub-cheap-');
  });

  it('shows no choice without sub-users of the kind, and sends the main credential', async () => {
    signedIn();
    withSubusers([{ ...base, type: 'premium' }]);
    const bodies = capture('/api/user/generate_budget', () => HttpResponse.json({ proxies: [PROXY], message: 'Proxy generated successfully' }));
    const { user } = renderAt('/onboard/budget-proxy');
    await choose(user, 'Country', 'United States');
    await choose(user, 'City', 'Los Angeles');
    expect(screen.queryByLabelText('Credential')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByText('Proxy generated successfully');
    expect(bodies[0]).not.toHaveProperty('subuserId');
  });
});
