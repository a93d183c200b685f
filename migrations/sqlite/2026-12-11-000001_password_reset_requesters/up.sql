-- A password reset code belongs to the browser that asked for it (a random id its session
-- holds): each asking browser has its own code, attempts and resend countdown, so an outsider
-- who knows the address can neither void the owner's code with wrong guesses nor replace it
-- (docs/account.md, "Forgotten password"). Pending codes live 30 minutes: they are not carried
-- over.
DROP TABLE password_resets;
CREATE TABLE password_resets (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    requester TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    sent_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, requester)
);
CREATE INDEX password_resets_expires_at ON password_resets (expires_at);
