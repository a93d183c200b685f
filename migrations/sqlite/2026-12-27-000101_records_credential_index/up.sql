-- The request list's credential filter (`credential=kind:label`, as the breakdown by credential
-- names one) as an index prefix ending in (started_at, id), the list's order and its keyset
-- cursor, so a page of one credential's records seeks and reads only its rows.
CREATE INDEX connection_records_user_credential_started_id
    ON connection_records (user_id, credential_kind, credential_label, started_at, id);
