DROP TABLE connection_records;
