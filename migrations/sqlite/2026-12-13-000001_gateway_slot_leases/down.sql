DROP TABLE gateway_slot_leases;
