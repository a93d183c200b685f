CREATE TABLE gateway_leases_old (
    node_id TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    bytes BIGINT NOT NULL CHECK (bytes >= 0),
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (node_id, user_id, kind)
);
INSERT INTO gateway_leases_old (node_id, user_id, kind, bytes, expires_at)
    SELECT node_id, user_id, kind, bytes, expires_at FROM gateway_leases WHERE subuser_id = 0;
DROP TABLE gateway_leases;
ALTER TABLE gateway_leases_old RENAME TO gateway_leases;
CREATE INDEX gateway_leases_expires_at ON gateway_leases (expires_at);
DROP TABLE proxy_settings;
DROP TABLE subusers;
