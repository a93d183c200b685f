// Plan cards (issue 10): the validity is the plan's period for every kind ("Unknown" only when
// the plan has none) and the regions are the server's list of buyable countries, shortened when long.
import { render, screen } from '@testing-library/react';
import type { ProxyKind } from '@/lib/kinds';
import { parsePlans, type Plan } from '@/lib/plans';
import { PlanCard } from './plan-card';

function plan(overrides: Record<string, unknown> = {}): Plan {
  const raw = { id: 1, tag: null, name: 'Plan', note: null, size: '5 GB', price: 15, amount: 5, validityPeriod: '30 days', regions: ['US', 'DE'], countrySelection: 'City-level', protocols: true, ipDuration: '1~240 minutes', availability: '99.7%', ...overrides };
  return parsePlans({ plan: { name: 'premium', plans: [raw] } })[0]!;
}

const row = (label: string) => screen.getByText(label).nextElementSibling;

describe('plan card', () => {
  it.each<ProxyKind>(['premium', 'budget', 'static', 'lte', 'ipv4', 'ipv6'])('shows the plan period as the validity of a %s plan', (kind) => {
    render(<PlanCard plan={plan({ validityPeriod: '90 days' })} kind={kind} action={null} />);
    expect(row('Validity')).toHaveTextContent(/^90 days$/);
  });

  it('names an unnamed one-piece plan "1 piece"', () => {
    render(<PlanCard plan={plan({ name: null, amount: 1 })} kind="static" action={null} />);
    expect(screen.getByRole('heading', { name: '1 piece' })).toBeInTheDocument();
  });

  it("shows a plan's limits, and no row without one", () => {
    const { unmount } = render(<PlanCard plan={plan({ maxConnections: 1500, maxRequestsPerSecond: 20, bandwidthMbps: 1000 })} kind="premium" action={null} />);
    expect(row('Connections at once')).toHaveTextContent(/^up to 1,500$/);
    expect(row('Requests per second')).toHaveTextContent(/^up to 20$/);
    expect(row('Bandwidth')).toHaveTextContent(/^up to 1,000 Mbps$/);
    unmount();
    render(<PlanCard plan={plan({ maxConnections: null, maxRequestsPerSecond: null, bandwidthMbps: null })} kind="premium" action={null} />);
    expect(screen.queryByText('Connections at once')).not.toBeInTheDocument();
    expect(screen.queryByText('Requests per second')).not.toBeInTheDocument();
    expect(screen.queryByText('Bandwidth')).not.toBeInTheDocument();
  });

  it('says Unknown only when the plan has no period', () => {
    render(<PlanCard plan={plan({ validityPeriod: null })} kind="ipv4" action={null} />);
    expect(row('Validity')).toHaveTextContent('Unknown');
  });

  it('lists the buyable regions, the first six and a count when there are many', () => {
    const { unmount } = render(<PlanCard plan={plan({ regions: ['US', 'GB', 'DE', 'NL'] })} kind="ipv6" action={null} />);
    expect(row('Regions')).toHaveTextContent(/^US GB DE NL$/);
    unmount();
    const many = Array.from({ length: 232 }, (_, index) => `C${index}`);
    render(<PlanCard plan={plan({ regions: ['US', 'JP', 'CA', 'ID', 'AU', 'VN', ...many] })} kind="premium" action={null} />);
    expect(row('Regions')).toHaveTextContent(/^US JP CA ID AU VN \+232 more$/);
  });

  it('hides the regions row when nothing can be bought', () => {
    render(<PlanCard plan={plan({ regions: [] })} kind="static" action={null} />);
    expect(screen.queryByText('Regions')).not.toBeInTheDocument();
  });

  it('shows the price per GB of a traffic plan, rounded up to the cent', () => {
    const { unmount } = render(<PlanCard plan={plan({ price: 28, amount: 10 })} kind="premium" action={null} />);
    expect(screen.getByTestId('unit-price')).toHaveTextContent(/^\$2\.80 per GB$/);
    unmount();
    render(<PlanCard plan={plan({ price: 10, amount: 3 })} kind="budget" action={null} />);
    expect(screen.getByTestId('unit-price')).toHaveTextContent(/^\$3\.34 per GB$/);
  });

  it('shows the price per piece with its period for a piece plan', () => {
    const { unmount } = render(<PlanCard plan={plan({ price: 3.5, amount: 1, validityPeriod: '30 days' })} kind="static" action={null} />);
    expect(screen.getByTestId('unit-price')).toHaveTextContent(/^\$3\.50 per piece for 30 days$/);
    unmount();
    render(<PlanCard plan={plan({ price: 3, amount: 1, validityPeriod: '1 day' })} kind="lte" action={null} />);
    expect(screen.getByTestId('unit-price')).toHaveTextContent(/^\$3\.00 per piece for 1 day$/);
  });
});
