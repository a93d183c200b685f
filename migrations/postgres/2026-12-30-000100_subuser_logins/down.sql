-- A key limited to a sub-user must not become a key of the whole account.
DELETE FROM api_keys WHERE subuser_id IS NOT NULL;
DROP INDEX api_keys_subuser_id;
ALTER TABLE api_keys DROP COLUMN subuser_id;
DELETE FROM users WHERE subuser_id IS NOT NULL;
DROP INDEX users_subuser_id;
ALTER TABLE users DROP COLUMN subuser_id;
