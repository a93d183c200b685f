import { screen, waitFor } from '@testing-library/react';
import { renderAt } from '@/test/render';
import { account, json, preloadRoutes, record, SLOW } from './test-support';

beforeAll(preloadRoutes);

const REFUSED = 'Each entry must be a domain (example.com), its subdomains (*.example.com), an IP address or CIDR range, or a port (:25)';

describe('settings: blocked destinations', { timeout: 60_000 }, () => {
  it('shows the stored list, saves it whole and shows the server refusal of an entry', async () => {
    const state = account({ blocklist: ['ads.example.com'] });
    const saved = record('put', '/api/user/blocklist', (body) => {
      const patterns = (body as { patterns: string[] }).patterns;
      if (patterns.includes('not a pattern')) return json({ message: 'Validation failed', fields: { patterns: REFUSED } }, 422);
      state.blocklist = patterns.map((p) => p.toLowerCase()).sort();
      return json({ patterns: state.blocklist });
    });
    const { user } = renderAt('/onboard/settings/access');
    const box = await screen.findByLabelText('Blocked destinations, one per line', {}, SLOW);
    expect(box).toHaveValue('ads.example.com');
    expect(screen.getByText('1 of 200')).toBeInTheDocument();

    await user.type(box, '\n\n  *.Tracker.test  \nnot a pattern');
    await user.click(screen.getByRole('button', { name: 'Save blocked destinations' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REFUSED);
    expect(saved[0]?.body).toEqual({ patterns: ['ads.example.com', '*.Tracker.test', 'not a pattern'] });

    await user.clear(box);
    await user.type(box, 'ads.example.com\n*.Tracker.test');
    await user.click(screen.getByRole('button', { name: 'Save blocked destinations' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    await waitFor(() => expect(box).toHaveValue('*.tracker.test\nads.example.com'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
