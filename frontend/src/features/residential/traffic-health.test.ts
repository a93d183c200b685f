// The Health tab's numbers: the worst targets' threshold and order, and how rates, connect times
// and keys read.
import { formatConnectMs, formatRate, healthKeyLabel, worstHosts, WORST_MIN_CONNECTIONS, type HealthRow } from './traffic-health';

const group = (key: string, connections: number, succeeded: number, extra: Partial<HealthRow> = {}): HealthRow => ({
  key,
  connections,
  succeeded,
  failed: connections - succeeded,
  successRate: succeeded / connections,
  p50ConnectMs: 100,
  p95ConnectMs: 316,
  timedConnections: succeeded,
  bytes: 0,
  failuresByReason: connections > succeeded ? { connect_failed: connections - succeeded } : {},
  ...extra,
});

describe('traffic health', () => {
  it('ranks the worst targets among hosts with enough connections and a failure', () => {
    const rows = [
      group('ok.example', 50, 50),
      group('few.example', WORST_MIN_CONNECTIONS - 1, 0),
      group('half.example', 20, 10),
      group('bad.example', 10, 1),
      group('', 30, 0),
      group('also-half.example', 40, 20),
    ];
    expect(worstHosts(rows).map((row) => row.key)).toEqual(['bad.example', 'also-half.example', 'half.example']);
    expect(worstHosts(Array.from({ length: 8 }, (_, i) => group(`h${i}.example`, 10, i)))).toHaveLength(5);
  });

  it('reads rates, connect times and keys', () => {
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(0.5)).toBe('50%');
    expect(formatRate(2 / 3)).toBe('66.7%');
    expect(formatRate(0.99999)).toBe('99.9%');
    expect(formatRate(0.00001)).toBe('0.1%');
    expect(formatRate(null)).toBe('—');
    expect(formatConnectMs(5)).toBe('5 ms');
    expect(formatConnectMs(1778)).toBe('1.8 s');
    expect(formatConnectMs(10_000)).toBe('10 s or more');
    expect(formatConnectMs(null)).toBe('—');
    expect(healthKeyLabel('country', 'de')).toBe('Germany');
    expect(healthKeyLabel('country', '')).toBe('No country targeted');
    expect(healthKeyLabel('host', '')).toBe('Refused before a host');
  });
});
