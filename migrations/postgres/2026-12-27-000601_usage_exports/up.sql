-- Usage exports prepared in the background (docs/api/usage.md, "Exports"): a customer asks for
-- the records of a window, a background job writes them as CSV in gzip parts here, and the
-- customer downloads the file from any instance until it expires. `status` is pending, running,
-- ready or failed; a running export is held by one writer until `claimed_until`, which each
-- part it writes moves on, and is taken over from the start by another writer after that.
-- `credential` is `kind:label` as the usage filters take it.
CREATE TABLE usage_exports (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT,
    window_from BIGINT NOT NULL,
    window_to BIGINT NOT NULL,
    host TEXT,
    outcome TEXT,
    credential TEXT,
    status TEXT NOT NULL DEFAULT 'pending',
    claimed_until BIGINT,
    records BIGINT NOT NULL DEFAULT 0,
    csv_bytes BIGINT NOT NULL DEFAULT 0,
    parts INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    finished_at BIGINT,
    expires_at BIGINT NOT NULL
);
CREATE INDEX usage_exports_user ON usage_exports (user_id, id);
CREATE INDEX usage_exports_status ON usage_exports (status, id);
CREATE INDEX usage_exports_expires ON usage_exports (expires_at);
-- One export in the making per customer, whichever instance takes the request.
CREATE UNIQUE INDEX usage_exports_one_unfinished ON usage_exports (user_id)
    WHERE status IN ('pending', 'running');

-- An export's file: its parts in order (`seq` from 0) make one gzip stream of the CSV.
CREATE TABLE usage_export_parts (
    export_id BIGINT NOT NULL REFERENCES usage_exports (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    data BYTEA NOT NULL,
    PRIMARY KEY (export_id, seq)
);
