DROP TABLE upstream_pool_hours;
