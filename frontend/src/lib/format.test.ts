import { formatTraffic, remainingInMb } from './format';

describe('formatTraffic', () => {
  it('shows whole MB below 1 GB', () => {
    expect(formatTraffic(0.09)).toBe('90 MB');
    expect(formatTraffic(0.1)).toBe('100 MB');
    expect(formatTraffic(0.0104)).toBe('10 MB');
    expect(formatTraffic(0)).toBe('0 MB');
    expect(formatTraffic(0.0000004)).toBe('< 1 MB');
  });

  it('keeps GB with two decimals from 1 GB up', () => {
    expect(formatTraffic(1)).toBe('1.00 GB');
    expect(formatTraffic(12.5)).toBe('12.50 GB');
    // 999.6 MB rounds to 1000 MB: it reads as GB, never "1000 MB"
    expect(formatTraffic(0.9996)).toBe('1.00 GB');
  });

  it('keeps the sign and reads anything not finite as nothing', () => {
    expect(formatTraffic(-0.5)).toBe('-500 MB');
    expect(formatTraffic(-2.5)).toBe('-2.50 GB');
    expect(formatTraffic(Number.NaN)).toBe('0 MB');
  });
});

describe('remainingInMb', () => {
  it('gives the MB only while the remaining traffic shows in MB and is above nothing', () => {
    expect(remainingInMb(0.09)).toBe('90 MB');
    expect(remainingInMb(0.0004)).toBe('< 1 MB');
    expect(remainingInMb(0)).toBeNull();
    expect(remainingInMb(-0.5)).toBeNull();
    // 0.9996 GB reads as 1.00 GB beside the figure, so no MB
    expect(remainingInMb(0.9996)).toBeNull();
    expect(remainingInMb(2)).toBeNull();
  });
});
