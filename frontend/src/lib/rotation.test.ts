import { BUDGET_ROTATION_MINUTES, BUDGET_STICKY_MINUTES, minutesLabel, ROTATION_COPY } from './rotation';

describe('rotation copy', () => {
  it('names each duration in words', () => {
    expect([15, 30, 60, 240, 1440, 2880].map(minutesLabel)).toEqual(['15 minutes', '30 minutes', '1 hour', '4 hours', '1 day', '2 days']);
  });

  it('says the same thing as the generator does for each kind', () => {
    expect(Math.max(...BUDGET_ROTATION_MINUTES)).toBe(BUDGET_STICKY_MINUTES);
    expect(BUDGET_STICKY_MINUTES).toBe(1440);
    expect(ROTATION_COPY.premium).toBe('Premium Residential: Rotating gives a new IP on every request; Sticky keeps one IP for 30 minutes.');
    expect(ROTATION_COPY.budget).toBe(
      'Budget Residential: Rotating keeps one IP for the rotation time you choose, from 15 minutes to 1 day, then moves to a new one; Sticky keeps one IP for 1 day.',
    );
  });
});
