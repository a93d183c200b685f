// Shared set-up of the residential generator tests: location fixtures, a signed-in customer,
// request capture and picker helpers.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeUser } from '@/test/fixtures';
import { preloadRoutes as preload } from '@/test/preload-routes';
import type { renderAt } from '@/test/render';
import { server } from '@/test/server';

/** Loads the pages of these tests once up front so the first test's lookups do not time out. */
export const preloadRoutes = () => preload('dashboard-layout', 'budget-proxy', 'premium-proxy');

export const PROXY = 'gw.proxyshop.test:8000:uabc-type-budget-country-us-city-losangeles:s3cret';

export const premiumLocations = {
  locations: [
    {
      code: 'us',
      name: 'United States',
      states: [
        { code: 'ca', name: 'California', cities: [{ code: 'losangeles', name: 'Los Angeles' }, { code: 'sanfrancisco', name: 'San Francisco' }] },
        { code: 'ny', name: 'New York', cities: [{ code: 'newyork', name: 'New York City' }] },
      ],
    },
    { code: 'de', name: 'Germany', states: [{ code: 'be', name: 'Berlin', cities: [{ code: 'berlin', name: 'Berlin' }] }] },
  ],
};
export const budgetLocations = {
  locations: [
    { code: 'us', name: 'United States', cities: [{ code: 'losangeles', name: 'Los Angeles' }] },
    { code: 'fr', name: 'France', cities: [{ code: 'paris', name: 'Paris' }] },
  ],
};

export function signedIn(balance = 40) {
  server.use(
    http.get('*/api/getuserinfo', () => HttpResponse.json({ user: makeUser({ balance }) })),
    http.get('*/api/user/residential_location', () => HttpResponse.json(premiumLocations)),
    http.get('*/api/user/budget_residential_location', () => HttpResponse.json(budgetLocations)),
  );
}

export async function choose(user: ReturnType<typeof renderAt>['user'], label: string, option: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${label} `) }));
  await user.click(within(screen.getByRole('listbox', { name: label })).getByRole('option', { name: option }));
}

export { capture } from '@/test/server';
