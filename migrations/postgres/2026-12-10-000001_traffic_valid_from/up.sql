-- When the traffic's current validity began: the time its expiry was last set or moved later
-- (a purchase, the free trial). The expiry alerts warn "expires in N days or less" only for
-- traffic that was valid for longer than N days, so a 24-hour trial gets no expiry warning the
-- minute it is granted. NULL (rows from before this column): unknown, every threshold applies.
ALTER TABLE traffic_balances ADD COLUMN valid_from BIGINT;
