-- The networks each account has signed in from (a client address by its network key: an IPv4
-- address, an IPv6 /64). A sign-in from a known network is never slowed down or asked for a
-- mailed code because of other networks' failed attempts (docs/account.md, "Failed sign-ins").
CREATE TABLE login_networks (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    network TEXT NOT NULL,
    last_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, network)
);
CREATE INDEX login_networks_last_at ON login_networks (last_at);
