-- The mailbox behind each account's email, unique, so that one inbox holds one account: the
-- rule of crates/domain/src/identity.rs (keep the two in step), written here in SQL for the
-- accounts that exist: lower case, the local part cut at its first '+', Gmail dots dropped and
-- googlemail.com read as gmail.com. Where existing accounts already share a mailbox, the oldest
-- holds it (the others stay without one; no new account can join them).
CREATE TABLE mailboxes (
    email_normalized TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE
);

CREATE TABLE mailbox_backfill (user_id BIGINT PRIMARY KEY, mailbox TEXT NOT NULL);
INSERT INTO mailbox_backfill (user_id, mailbox) SELECT id, lower(trim(email)) FROM users;
UPDATE mailbox_backfill SET mailbox = substr(mailbox, 1, instr(mailbox, '+') - 1) || substr(mailbox, instr(mailbox, '@'))
    WHERE instr(mailbox, '+') > 0 AND instr(mailbox, '+') < instr(mailbox, '@');
UPDATE mailbox_backfill SET mailbox = substr(mailbox, 1, instr(mailbox, '@')) || 'gmail.com'
    WHERE instr(mailbox, '@') > 0 AND substr(mailbox, instr(mailbox, '@') + 1) = 'googlemail.com';
UPDATE mailbox_backfill SET mailbox = replace(substr(mailbox, 1, instr(mailbox, '@') - 1), '.', '') || '@gmail.com'
    WHERE instr(mailbox, '@') > 0 AND substr(mailbox, instr(mailbox, '@') + 1) = 'gmail.com';
INSERT INTO mailboxes (email_normalized, user_id)
    SELECT mailbox, MIN(user_id) FROM mailbox_backfill GROUP BY mailbox;
DROP TABLE mailbox_backfill;

-- Free trials granted: one per mailbox ever. The row outlives the account, so deleting and
-- recreating an account does not grant a second trial.
CREATE TABLE trial_grants (
    email_normalized TEXT PRIMARY KEY,
    user_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    ip TEXT NOT NULL,
    bytes BIGINT NOT NULL CHECK (bytes > 0),
    granted_at BIGINT NOT NULL
);

-- Trials granted per source address and UTC day: the per-address limit is one conditional
-- UPDATE of this counter, so concurrent sign-ups on any number of instances cannot pass it.
CREATE TABLE trial_ip_days (
    ip TEXT NOT NULL,
    day TEXT NOT NULL,
    grants INTEGER NOT NULL CHECK (grants >= 0),
    PRIMARY KEY (ip, day)
);
