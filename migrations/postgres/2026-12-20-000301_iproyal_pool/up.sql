-- IPRoyal is an upstream pool behind our gateway: customers' residential traffic is metered by
-- the gateway like everyone's, so the per-customer IPRoyal sub-users are no longer kept.
-- Their remaining traffic is already our own balance (traffic_balances: what was bought less
-- what was used, including every usage read back from IPRoyal), which stays as it is; only the
-- sub-users' ids, credentials and read-back counters go.
DROP TABLE upstream_accounts;
