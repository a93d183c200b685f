"""Times the health of the traffic and the breakdowns at 5 million records of one customer
(bench/usage/health.sh).

For each backend: starts the server ($PROXYSHOP_BIN) on a fresh database, signs in as the first
administrator (also a customer), fills BENCH_HEALTH_RECORDS (5,000,000) connection records in SQL
as the gateway writes them (30 days, 2,000 hosts, 20 credentials, 12 targeted countries and none,
connect times from 5 ms to 12 s, refusals and failures with their reasons), sums them into the
rollups through the server's own back-fill (as on an upgrade: `measure.start_backfill`, then a
restart), and times every `GET /api/user/usage/health?by=` (host, country, credential, and hour
over the last two days) and the existing breakdowns, BENCH_CALLS (20) calls each after one
warm-up call: p50 and p95 per call, in ms.

With PROXYSHOP_BIN_AFTER set, the same database is then opened by that binary (a later
version: its migrations run on the filled database, timed from its start to its readiness) and
every call timed again, so that before and after are read from one fill in one run.
BENCH_KEEP_DATABASE=1 keeps the PostgreSQL database afterwards (to explain its queries).
"""

import math
import os
import statistics
import subprocess
import sys
import time
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
import measure  # noqa: E402

N = int(os.environ.get("BENCH_HEALTH_RECORDS", "5000000"))
CALLS = int(os.environ.get("BENCH_CALLS", "20"))
PATHS = (
    "/api/user/usage/health?by=host",
    "/api/user/usage/health?by=country",
    "/api/user/usage/health?by=credential",
    "/api/user/usage/health?by=hour&from=2026-11-29",
    "/api/user/usage/health?by=host&from=2026-11-10T05:00:00Z&to=2026-11-20T17:00:00Z",
    "/api/user/usage/breakdown?by=host",
    "/api/user/usage/breakdown?by=credential",
    "/api/user/usage/breakdown?by=day",
    "/api/user/usage/breakdown?by=hour&from=2026-11-29",
)
T0 = measure.T0
DAYS = measure.DAYS


def fill_sql(n, user_expr, series):
    """n records of one customer, with connect times and targeted countries."""
    return f"""
INSERT INTO connection_records (user_id, started_at, duration_ms, credential_kind, credential_id,
    credential_label, kind, host, port, bytes_up, bytes_down, outcome, reason, connect_ms, country)
SELECT ({user_expr}), {T0} + (i * {DAYS * 86400}) / {n}, 1500 + i % 700,
    CASE WHEN i % 20 = 0 THEN 'main' ELSE 'subuser' END,
    CASE WHEN i % 20 = 0 THEN NULL ELSE i % 20 END,
    'cred-' || (i % 20), 'premium', 'host-' || (i % 2000) || '.example', 443,
    CASE WHEN i % 50 = 0 OR i % 37 = 0 THEN 0 ELSE 100 + i % 5000 END,
    CASE WHEN i % 50 = 0 OR i % 37 = 0 THEN 0 ELSE 1000 + i % 50000 END,
    CASE WHEN i % 50 = 0 THEN 'refused' WHEN i % 37 = 0 THEN 'upstream_error' ELSE 'ok' END,
    CASE WHEN i % 50 = 0 THEN 'no_traffic' WHEN i % 37 = 0 AND i % 3 = 0 THEN 'pools_failed'
         WHEN i % 37 = 0 THEN 'connect_failed' ELSE NULL END,
    CASE WHEN i % 50 = 0 OR i % 37 = 0 THEN NULL ELSE 5 + (i * 7919) % 400 + (i % 97) * (i % 13) * 9 END,
    CASE WHEN i % 2000 < 400 THEN NULL
         ELSE substr('usdefrgbnljpcaauitesplbr', CAST(1 + 2 * ((i % 2000) % 12) AS INTEGER), 2) END
FROM {series}
"""


def fill(backend, url, email, n):
    user = f"SELECT id FROM users WHERE email = '{email}'"
    if backend == "SQLite":
        import sqlite3

        db = sqlite3.connect(url.removeprefix("sqlite://"))
        db.execute(
            fill_sql(
                n,
                user,
                f"(WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i + 1 < {n}) SELECT i FROM s)",
            )
        )
        db.commit()
        db.close()
    else:
        days = f"""
DO $$
DECLARE d BIGINT := {T0};
BEGIN
    IF EXISTS (SELECT 1 FROM pg_partitioned_table WHERE partrelid = 'connection_records'::regclass) THEN
        WHILE d < {T0 + DAYS * 86400} LOOP
            EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF connection_records FOR VALUES FROM (%s) TO (%s)',
                'connection_records_' || to_char(to_timestamp(d) AT TIME ZONE 'UTC', 'YYYYMMDD'), d, d + 86400);
            d := d + 86400;
        END LOOP;
    END IF;
END
$$;
"""
        sql = days + fill_sql(n, user, f"generate_series(0::bigint, {n - 1}) AS s(i)") + ";"
        subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", url], input=sql, text=True, check=True)


def percentile(times, q):
    """The nearest-rank percentile."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(len(ordered) * q) - 1))]


def run(backend, database_url):
    import shutil
    import secrets
    import tempfile

    work = tempfile.mkdtemp(prefix="proxyshop-health-bench.")
    port = measure.free_port()
    base = f"http://127.0.0.1:{port}"
    env = {k: v for k, v in os.environ.items() if k not in ("PROXYSHOP_DATABASE_URL", "DATABASE_URL", "RUST_LOG")}
    env.update(
        {
            "PROXYSHOP_ADDR": f"127.0.0.1:{port}",
            "PROXYSHOP_PUBLIC_URL": base,
            "PROXYSHOP_DATA_DIR": work,
            "PROXYSHOP_STATIC_DIR": os.path.join(work, "no-front-end"),
            "PROXYSHOP_GATEWAY_HTTP_ADDR": f"127.0.0.1:{measure.free_port()}",
            "PROXYSHOP_GATEWAY_SOCKS_ADDR": f"127.0.0.1:{measure.free_port()}",
            "PROXYSHOP_SESSION_SECRET": secrets.token_hex(32),
            "PROXYSHOP_USAGE_RECORDS_DAYS": "60",
        }
    )
    url = database_url or f"sqlite://{work}/proxyshop.db"
    env["PROXYSHOP_DATABASE_URL"] = url
    log_file = os.path.join(work, "server.log")

    def start(binary=os.environ["PROXYSHOP_BIN"]):
        return subprocess.Popen([binary, "serve"], env=env, stdin=subprocess.DEVNULL,
                                stdout=open(log_file, "a"), stderr=subprocess.STDOUT)

    server = start()
    try:
        measure.wait_ready(f"{base}/healthz", server, log_file)
        cookie, email = measure.sign_in(base, work)
        measure.log(f"{backend}: filling {N:,} records")
        began = time.perf_counter()
        fill(backend, url, email, N)
        measure.log(f"{backend}: filled in {time.perf_counter() - began:.1f} s")
        server.terminate()
        server.wait()
        measure.start_backfill(backend, url)
        began = time.perf_counter()
        server = start()
        measure.wait_ready(f"{base}/healthz", server, log_file)
        measure.wait_backfilled(backend, url, server, log_file)
        backfill = time.perf_counter() - began
        measure.log(f"{backend}: rollups back-filled in {backfill:.1f} s")
        rows = measure.sql_rows(backend, url, "SELECT (SELECT count(*) FROM usage_daily_rollup), (SELECT count(*) FROM usage_hourly)")

        def calls():
            if backend == "SQLite":
                measure.sql_exec(backend, url, "ANALYZE")
            else:
                subprocess.run(["psql", "-q", url, "-c", "ANALYZE"], check=True)
            results = []
            for path in PATHS:
                measure.timed(base + path, cookie)
                times = [measure.timed(base + path, cookie)[0] for _ in range(CALLS)]
                p50, p95 = statistics.median(times) * 1000, percentile(times, 0.95) * 1000
                measure.log(f"{backend} {path}: p50 {p50:.1f} ms, p95 {p95:.1f} ms")
                results.append((p50, p95))
            return results

        results = [calls()]
        upgrade = None
        after = os.environ.get("PROXYSHOP_BIN_AFTER")
        if after:
            server.terminate()
            server.wait()
            began = time.perf_counter()
            server = start(after)
            measure.wait_ready(f"{base}/healthz", server, log_file, 3600)
            upgrade = time.perf_counter() - began
            measure.log(f"{backend}: {after} ready (its migrations run) in {upgrade:.1f} s")
            results.append(calls())
        return backfill, upgrade, rows[0], results
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(work, ignore_errors=True)


def main():
    only = os.environ.get("BENCH_BACKENDS", "sqlite,postgresql").lower().split(",")
    backends = [("SQLite", None)] if "sqlite" in only else []
    admin = os.environ.get("TEST_DATABASE_URL")
    if admin and "postgresql" in only:
        backends.append(("PostgreSQL", admin))
    print(f"Health of the traffic and the breakdowns at {N:,} records of one customer, through the server"
          f" ({os.environ['PROXYSHOP_BIN']}): p50 / p95 of {CALLS} calls, in ms.\n")
    for backend, admin_url in backends:
        url = measure.pg_database(admin_url) if admin_url else None
        try:
            backfill, upgrade, (daily, hourly), results = run(backend, url)
        finally:
            if admin_url and os.environ.get("BENCH_KEEP_DATABASE"):
                measure.log(f"{backend}: kept {url}")
            elif admin_url:
                subprocess.run(["psql", "-q", admin_url, "-c", f"DROP DATABASE IF EXISTS {measure.DB_NAME} WITH (FORCE)"], check=False)
        upgraded = f"; {os.environ['PROXYSHOP_BIN_AFTER']} ready on it in {upgrade:.1f} s" if upgrade else ""
        print(f"{backend}: back-fill {backfill:.1f} s; rollup rows: {int(daily):,} daily, {int(hourly):,} hourly"
              f"{upgraded}.\n")
        heads = ["p50", "p95"] if len(results) == 1 else ["p50 before", "p95 before", "p50 after", "p95 after"]
        print("| call | " + " | ".join(heads) + " |")
        print("|---|" + "---:|" * len(heads))
        for i, path in enumerate(PATHS):
            cells = [f"{t:.1f} ms" for r in results for t in r[i]]
            print(f"| `{path}` | " + " | ".join(cells) + " |")
        print(flush=True)


if __name__ == "__main__":
    main()
