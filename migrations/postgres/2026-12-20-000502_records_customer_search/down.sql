DROP INDEX IF EXISTS users_name_trgm;
DROP INDEX IF EXISTS users_email_trgm;
DROP INDEX users_proxy_username_lower;
DROP INDEX users_ref_code_lower;
