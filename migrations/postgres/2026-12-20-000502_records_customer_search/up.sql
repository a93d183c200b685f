-- The operator's customer search answers a whole ref code or proxy username, in any case,
-- through an index (ids and emails have theirs: emails are stored lower-cased).
CREATE INDEX users_ref_code_lower ON users (lower(ref_code));
CREATE INDEX users_proxy_username_lower ON users (lower(proxy_username));
-- A substring of the email or name (`lower(x) LIKE '%q%'`) through trigram indexes, when the
-- pg_trgm extension can be created (it ships with PostgreSQL; creating it needs the right to,
-- which a managed database may not grant): without it the search reads every customer, as
-- before, and the migration still applies.
DO $$
BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm not available (%): the customer search reads every customer', SQLERRM;
END
$$;
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        CREATE INDEX users_email_trgm ON users USING gin (lower(email) gin_trgm_ops);
        CREATE INDEX users_name_trgm ON users USING gin (lower(name) gin_trgm_ops);
    END IF;
END
$$;
