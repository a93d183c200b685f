// The usage record's rules: the filters' query and checks, byte and duration text, targets, and
// the UTC windows and buckets of the charts.
import {
  bucketLabel,
  chartWindow,
  recordsFileName,
  fillBuckets,
  filterError,
  formatBytes,
  formatDuration,
  formatExactBytes,
  formatTarget,
  formatUtcTime,
  isoUtc,
  MAX_DAYS,
  MAX_HOURS,
  NO_FILTER,
  reasonText,
  recordQuery,
} from './usage-records';

const at = (iso: string) => new Date(iso);
const utc = (ms: number) => new Date(ms).toISOString();

describe('filters', () => {
  it('sends the kind and only the filters that are set, the host trimmed', () => {
    expect(recordQuery('budget', NO_FILTER)).toEqual({ type: 'budget' });
    expect(recordQuery('premium', { from: '2026-11-01', to: '2026-11-02', host: '  Example.COM ', outcome: 'cut_quota' })).toEqual({
      type: 'premium',
      from: '2026-11-01',
      to: '2026-11-02',
      host: 'Example.COM',
      outcome: 'cut_quota',
    });
    expect(recordQuery('premium', { ...NO_FILTER, host: '   ' })).toEqual({ type: 'premium' });
  });

  it('takes one day on both ends and refuses an end before the start or a malformed day', () => {
    expect(filterError({ ...NO_FILTER, from: '2026-11-02', to: '2026-11-02' })).toBeNull();
    expect(filterError({ ...NO_FILTER, from: '2026-11-03', to: '2026-11-02' })).toEqual({ field: 'to', message: 'The end date must not be before the start date' });
    expect(filterError({ ...NO_FILTER, from: '2026-1-3' })).toEqual({ field: 'from', message: 'Enter a valid date' });
    expect(filterError({ ...NO_FILTER, to: 'soon' })?.field).toBe('to');
  });
});

describe('text', () => {
  it('writes bytes in SI units and exactly', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1_000)).toBe('1.00 kB');
    expect(formatBytes(654_423)).toBe('654 kB');
    expect(formatBytes(1_048_741)).toBe('1.05 MB');
    expect(formatBytes(12_345_678_901)).toBe('12.3 GB');
    expect(formatExactBytes(1)).toBe('1 byte');
    expect(formatExactBytes(12_345_678_901)).toBe('12,345,678,901 bytes');
  });

  it('writes durations, targets and UTC times', () => {
    expect(formatDuration(0)).toBe('0 ms');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(1_234)).toBe('1.2 s');
    expect(formatDuration(42_000)).toBe('42 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
    expect(formatDuration(3_780_000)).toBe('1 h 3 min');
    expect(formatTarget('example.com', 443)).toBe('example.com:443');
    expect(formatTarget('2001:db8::1', 443)).toBe('[2001:db8::1]:443');
    expect(formatTarget('', 0)).toBe('—');
    expect(formatUtcTime(1_795_602_665)).toBe('25 Nov 2026, 10:31:05');
    expect(isoUtc(1_795_602_665)).toBe('2026-11-25T10:31:05Z');
    expect(bucketLabel('2026-12-01')).toBe('1 Dec');
    expect(bucketLabel('2026-12-01T13:00:00Z')).toBe('1 Dec 13:00');
    expect(recordsFileName('budget', 'csv', at('2026-11-25T23:59:00Z'))).toBe('requests-budget-2026-11-25.csv');
    expect(recordsFileName('premium', 'json', at('2026-11-25T00:00:00Z'))).toBe('requests-premium-2026-11-25.json');
  });
});

describe('chart windows', () => {
  const now = at('2026-11-25T10:31:05Z');

  it('covers the last 48 hours and 30 days without dates', () => {
    const hours = chartWindow('hour', NO_FILTER, now);
    expect(utc(hours.end)).toBe('2026-11-25T10:00:00.000Z');
    expect(utc(hours.start)).toBe('2026-11-23T11:00:00.000Z');
    const days = chartWindow('day', NO_FILTER, now);
    expect(utc(days.start)).toBe('2026-10-27T00:00:00.000Z');
    expect(utc(days.end)).toBe('2026-11-25T00:00:00.000Z');
  });

  it('covers the chosen days, the end day included, never past now, at most MAX buckets', () => {
    const filter = { ...NO_FILTER, from: '2026-11-20', to: '2026-11-21' };
    const hours = chartWindow('hour', filter, now);
    expect([utc(hours.start), utc(hours.end)]).toEqual(['2026-11-20T00:00:00.000Z', '2026-11-21T23:00:00.000Z']);
    expect(utc(chartWindow('hour', { ...NO_FILTER, from: '2026-11-25' }, now).end)).toBe('2026-11-25T10:00:00.000Z');
    const long = chartWindow('hour', { ...NO_FILTER, from: '2026-01-01' }, now);
    expect((long.end - long.start) / 3_600_000 + 1).toBe(MAX_HOURS);
    const year = chartWindow('day', { ...NO_FILTER, from: '2025-01-01', to: '2026-11-01' }, now);
    expect(utc(year.end)).toBe('2026-11-01T00:00:00.000Z');
    expect((year.end - year.start) / 86_400_000 + 1).toBe(MAX_DAYS);
  });

  it('fills every bucket of the window and leaves out rows outside it', () => {
    const window = chartWindow('day', { ...NO_FILTER, from: '2026-11-20', to: '2026-11-22' }, now);
    const rows = [
      { key: '2026-11-19', requests: 1, bytesUp: 1, bytesDown: 1, bytes: 2, notCharged: 0 },
      { key: '2026-11-21', requests: 2, bytesUp: 10, bytesDown: 20, bytes: 30, notCharged: 0 },
    ];
    expect(fillBuckets('day', rows, window)).toEqual([
      { key: '2026-11-20', bytes: 0 },
      { key: '2026-11-21', bytes: 30 },
      { key: '2026-11-22', bytes: 0 },
    ]);
    const hours = fillBuckets('hour', [{ key: '2026-11-25T09:00:00Z', requests: 1, bytesUp: 0, bytesDown: 5, bytes: 5, notCharged: 0 }], chartWindow('hour', NO_FILTER, now));
    expect(hours).toHaveLength(48);
    expect(hours.at(-2)).toEqual({ key: '2026-11-25T09:00:00Z', bytes: 5 });
  });

  it("words a refusal by the plan's limits for the customer, and spaces out any other reason", () => {
    expect(reasonText('plan_max_connections')).toBe("your plan's connection limit");
    expect(reasonText('plan_max_requests_per_second')).toBe("your plan's request rate limit");
    expect(reasonText('destination_denied')).toBe('destination denied');
    expect(reasonText(null)).toBe('');
  });
});
