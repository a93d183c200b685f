-- One row per background job: the period it last ran for and who holds its lease, so that with
-- several instances each period's run happens once. A holder that dies leaves a lease that
-- expires at lease_until; another instance then takes the job over.
CREATE TABLE job_runs (
    job TEXT PRIMARY KEY,
    period BIGINT NOT NULL,
    holder TEXT NOT NULL,
    lease_until BIGINT NOT NULL,
    started_at BIGINT NOT NULL,
    finished_at BIGINT,
    runs BIGINT NOT NULL
);
