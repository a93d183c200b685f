CREATE INDEX connection_records_user_started ON connection_records (user_id, started_at);
DROP INDEX connection_records_user_started_id;
