-- Attempt counters in fixed windows ("reset:ip:203.0.113.9" in the window starting at t), so
-- that the limits on password resets and email changes hold across every instance.
CREATE TABLE request_limits (
    key TEXT NOT NULL,
    window_start BIGINT NOT NULL,
    hits INTEGER NOT NULL,
    PRIMARY KEY (key, window_start)
);
CREATE INDEX request_limits_window ON request_limits (window_start);
