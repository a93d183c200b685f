DROP TABLE avatars;
DROP TABLE api_keys;
DROP TABLE recovery_codes;
DROP TABLE user_totp;
DROP TABLE email_changes;
DROP TABLE password_resets;
ALTER TABLE sessions DROP COLUMN last_seen_at;
ALTER TABLE sessions DROP COLUMN user_agent;
ALTER TABLE sessions DROP COLUMN ip;
