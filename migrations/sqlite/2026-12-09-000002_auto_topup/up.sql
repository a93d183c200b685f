-- Automatic top-up of traffic, per customer and traffic kind (no row: off). When what is left
-- to use of the kind falls below below_bytes, plan_id is bought from the wallet, at most once
-- per window: last_run_at is claimed by one conditional UPDATE, so of several instances or
-- gateway nodes exactly one buys. short_alerted_at is set when the wallet could not pay (one
-- notification until a purchase succeeds again). A deleted plan leaves the setting without one.
CREATE TABLE auto_topups (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    enabled BOOLEAN NOT NULL DEFAULT 0,
    below_bytes BIGINT NOT NULL,
    plan_id BIGINT REFERENCES plans (id) ON DELETE SET NULL,
    last_run_at BIGINT,
    short_alerted_at BIGINT,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, kind)
);
