DROP TABLE renewal_settings;
DROP TABLE piece_renewals;
DROP TABLE piece_auto_renew;
