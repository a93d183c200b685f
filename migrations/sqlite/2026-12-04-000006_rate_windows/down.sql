DROP TABLE rate_windows;
