-- The operator's customer search answers a whole ref code or proxy username, in any case,
-- through an index (ids and emails have theirs: emails are stored lower-cased). A substring of
-- the email or name has no index on SQLite: that search reads every customer.
CREATE INDEX users_ref_code_lower ON users (lower(ref_code));
CREATE INDEX users_proxy_username_lower ON users (lower(proxy_username));
