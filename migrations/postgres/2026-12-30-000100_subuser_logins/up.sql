-- Sub-user sign-ins (docs/subusers.md): the person a customer invites to look at one sub-user
-- signs in with an account row of their own, marked with that sub-user, so that sign-in, its
-- guard, resets and sessions work as for anyone; the API gives such a session only the
-- sub-user's data. At most one sign-in per sub-user. No foreign key: removing a sub-user
-- deletes its sign-in in the same transaction (api/src/subusers), and a row whose sub-user is
-- gone signs nobody in.
ALTER TABLE users ADD COLUMN subuser_id BIGINT;
CREATE UNIQUE INDEX users_subuser_id ON users (subuser_id);

-- An API key limited to one sub-user's data (NULL: the owner's key).
ALTER TABLE api_keys ADD COLUMN subuser_id BIGINT;
CREATE INDEX api_keys_subuser_id ON api_keys (subuser_id);
