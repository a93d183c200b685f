DROP TABLE upstream_pool_health;
DROP TABLE upstream_pools;
