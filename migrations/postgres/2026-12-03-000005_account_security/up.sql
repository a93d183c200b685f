-- Account self-service and security: where each session was opened and last seen, one-time
-- codes for a password reset and for an email change, two-factor sign-in (TOTP) with recovery
-- codes, the customer's API keys, and uploaded avatars (kept in the database so that every
-- instance serves them).

ALTER TABLE sessions ADD COLUMN ip TEXT;
ALTER TABLE sessions ADD COLUMN user_agent TEXT;
ALTER TABLE sessions ADD COLUMN last_seen_at BIGINT;

-- One pending password reset per account: the code is stored hashed, single use.
CREATE TABLE password_resets (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    sent_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);

-- One pending email change per account: the new address and its code (hashed).
CREATE TABLE email_changes (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    new_email TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    sent_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);

-- TOTP (RFC 6238) per account: enabled once a first code was shown valid; last_step is the
-- last time step accepted, so a code is never accepted twice.
CREATE TABLE user_totp (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret TEXT NOT NULL,
    enabled_at BIGINT,
    last_step BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);

CREATE TABLE recovery_codes (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    used_at BIGINT
);
CREATE INDEX recovery_codes_user ON recovery_codes (user_id);

-- The customer API's keys: only a hash of the key is kept (the key is shown once).
CREATE TABLE api_keys (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    prefix TEXT NOT NULL,
    key_hash TEXT NOT NULL UNIQUE,
    scopes TEXT NOT NULL,
    allowed_ips TEXT NOT NULL DEFAULT '',
    expires_at BIGINT,
    last_used_at BIGINT,
    revoked_at BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX api_keys_user ON api_keys (user_id);

-- Uploaded avatars, re-encoded by the server; served under a random, unguessable id.
CREATE TABLE avatars (
    id TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    content_type TEXT NOT NULL,
    bytes BYTEA NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX avatars_user ON avatars (user_id);
