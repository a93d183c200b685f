DROP INDEX connection_records_host_started;
DROP TABLE abuse_customer_blocks;
DROP TABLE abuse_reports;
