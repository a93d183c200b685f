import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { periodDays } from './components/overview/use-period';
import { makeSummary, signedInAdmin, stubResizeObserver } from './tests/admin-data';

const location = () => screen.getByTestId('location').textContent;

/** Answers the summary for the asked days and records each ask. */
function summaryDays() {
  const days: string[] = [];
  server.use(
    http.get('*/api/admin/summary', ({ request }) => {
      const asked = new URL(request.url).searchParams.get('days') ?? '';
      days.push(asked);
      return HttpResponse.json({ ...makeSummary(), days: Number(asked) });
    }),
  );
  return days;
}

beforeAll(async () => {
  await Promise.all([import('./components/admin-layout'), import('./routes/overview'), import('./components/charts')]);
});

describe('the overview period in the URL', () => {
  beforeEach(() => {
    stubResizeObserver();
    signedInAdmin();
  });

  it('reads the period from a link and asks the summary for it', async () => {
    const days = summaryDays();
    renderAt('/admin?period=90d');
    expect(await screen.findByLabelText('Period', {}, { timeout: 10_000 })).toHaveValue('90');
    await waitFor(() => expect(days).toEqual(['90']));
  });

  it.each(['/admin?period=12d', '/admin?period=abc', '/admin?period=7', '/admin'])('falls back to 30 days for %s', async (path) => {
    const days = summaryDays();
    renderAt(path);
    expect(await screen.findByLabelText('Period', {}, { timeout: 10_000 })).toHaveValue('30');
    await waitFor(() => expect(days).toEqual(['30']));
  });

  it('writes the chosen period into the URL, keeping other parameters, and steps back and forward through the choices', async () => {
    const days = summaryDays();
    const { user } = renderAt('/admin?period=30d&utm=x', undefined, { history: true });
    const period = await screen.findByLabelText('Period', {}, { timeout: 10_000 });
    await user.selectOptions(period, 'Last 7 days');
    await waitFor(() => expect(location()).toBe('/admin?period=7d&utm=x'));
    await user.selectOptions(screen.getByLabelText('Period'), 'Last 365 days');
    await waitFor(() => expect(location()).toBe('/admin?period=365d&utm=x'));
    expect(screen.getByLabelText('Period')).toHaveValue('365');

    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(location()).toBe('/admin?period=7d&utm=x'));
    expect(screen.getByLabelText('Period')).toHaveValue('7');
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(screen.getByLabelText('Period')).toHaveValue('30'));
    await user.click(screen.getByRole('button', { name: 'Browser forward' }));
    await waitFor(() => expect(screen.getByLabelText('Period')).toHaveValue('7'));
    expect(location()).toBe('/admin?period=7d&utm=x');
    expect(days).toEqual(expect.arrayContaining(['30', '7', '365']));
  });
});

describe('periodDays', () => {
  it('accepts only the offered periods', () => {
    expect(periodDays('7d')).toBe(7);
    expect(periodDays('365d')).toBe(365);
    expect(periodDays('0d')).toBe(30);
    expect(periodDays('90')).toBe(30);
    expect(periodDays(' 7d')).toBe(30);
    expect(periodDays(null)).toBe(30);
  });
});
