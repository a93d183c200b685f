DROP TABLE refund_refusals;
DROP TABLE refunds;
ALTER TABLE traffic_purchases DROP COLUMN used_before;
