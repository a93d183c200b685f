DROP TABLE ip_allowlist;
