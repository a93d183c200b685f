DROP TABLE request_limits;
