DROP TABLE api_key_windows;
