DROP INDEX users_proxy_username_lower;
DROP INDEX users_ref_code_lower;
