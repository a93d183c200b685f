// The Usage tab's call-out: requests the customer's plan's limits refused are counted above the
// request table, and each such refusal says which limit.
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { preloadRoutes } from './test-support';
import { openUsage, record, requestsTable, usageRecord } from './usage-record-support';

beforeAll(preloadRoutes);

describe('usage record: refusals by the plan', () => {
  it("calls out requests the plan's limits refused, and says which limit on each", async () => {
    const refused = (reason: string) => record({ host: '', bytesUp: 0, bytesDown: 0, outcome: 'refused', reason, durationMs: 0 });
    usageRecord({
      requests: () =>
        HttpResponse.json({
          requests: [refused('plan_max_requests_per_second'), refused('plan_max_connections'), refused('no_traffic'), record()],
          total: 4,
          totalCapped: false,
          page: 1,
          perPage: 50,
        }),
    });
    await openUsage();
    const callout = await screen.findByTestId('plan-limit-callout');
    expect(callout).toHaveTextContent("2 requests on this page were refused by your plan's limits.");
    const rows = within(requestsTable()).getAllByTestId('request-row');
    expect(rows[0]).toHaveTextContent("Refusedyour plan's request rate limit");
    expect(rows[1]).toHaveTextContent("Refusedyour plan's connection limit");
  });

  it('has no call-out when no plan limit refused a request', async () => {
    usageRecord({
      requests: () => HttpResponse.json({ requests: [record({ outcome: 'refused', reason: 'no_traffic' })], total: 1, totalCapped: false, page: 1, perPage: 50 }),
    });
    await openUsage();
    expect(await within(requestsTable()).findAllByText('no traffic')).not.toHaveLength(0);
    expect(screen.queryByTestId('plan-limit-callout')).not.toBeInTheDocument();
  });
});
