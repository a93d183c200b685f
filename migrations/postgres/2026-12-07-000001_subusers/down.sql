DELETE FROM gateway_leases WHERE subuser_id <> 0;
ALTER TABLE gateway_leases DROP CONSTRAINT gateway_leases_pkey;
ALTER TABLE gateway_leases DROP COLUMN subuser_id;
ALTER TABLE gateway_leases ADD PRIMARY KEY (node_id, user_id, kind);
DROP TABLE proxy_settings;
DROP TABLE subusers;
