"""Times the customer's usage reads at 100k and 1M records (bench/usage/run.sh).

For each backend and size: starts the server ($PROXYSHOP_BIN) on a fresh database, signs in as
the first administrator (who is also a customer), fills their connection records in SQL (the
real schema, as the gateway writes it: 30 days, 2,000 hosts, 20 credentials, four outcomes),
and times GET /api/user/requests (page 1, page 150 by number, page 150 by cursor: the cursor the
149th page returned, when the server answers `nextCursor`), GET /api/user/requests.csv over the
30 days read to its end, the dashboard's breakdowns (GET /api/user/usage/breakdown by host,
credential and day over everything, by hour over the last two days) and its daily chart
(GET /api/user/usage). Each call three times (BENCH_CALLS); the median is printed. The
server keeps the records 60 days (PROXYSHOP_USAGE_RECORDS_DAYS) while they are read, so that its
purge leaves the 30 filled days alone.

Then the purge's effect on a purchase (BENCH_PURGE=0 leaves it out): the customer buys 1 GB
back to back, first with nothing else running, then while `proxyshop jobs run usage-purge` (the
hourly job's code) purges every record older than a day beside the server (on SQLite batches of
deletes, on PostgreSQL whole day tables dropped); a second table gives each one's p50, p99 and
slowest purchase.

A server with usage rollups gets them as an upgrade would: the records are filled without
rollups, the back-fill is set to sum them all, and the server is started again; its back-fill
is waited for and timed (the "back-fill" column). The same 30 days are then exported in the
background (BENCH_EXPORT=0 leaves it out): time to ready, stored size, download times. BENCH_SKIP_CSV=1 (or BENCH_CSV=0) leaves the
export out; BENCH_BACKENDS=sqlite (or postgresql) runs one backend.
"""

import os
import secrets
import shutil
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import json
import time
import urllib.request

SIZES = [int(s) for s in os.environ.get("BENCH_SIZES", "100000,1000000").split(",")]
CALLS = int(os.environ.get("BENCH_CALLS", "3"))
CSV = os.environ.get("BENCH_CSV", "1") != "0"
# One database per run, so that two runs on one server do not drop each other's.
DB_NAME = f"proxyshop_bench_usage_{os.getpid()}"
DAYS = 30
# 2026-11-01T00:00:00Z: the records end 30 days later.
T0 = 1_793_491_200
SKIP_CSV = os.environ.get("BENCH_SKIP_CSV") == "1" or not CSV
PURGE = os.environ.get("BENCH_PURGE", "1") != "0"
EXPORT = os.environ.get("BENCH_EXPORT", "1") != "0"
# Purchases timed with nothing else running.
QUIET_PURCHASES = 40
# The dashboard's reads besides the list (the hourly chart asks for its last two days).
DASHBOARD = (
    "/api/user/usage/breakdown?by=host",
    "/api/user/usage/breakdown?by=credential",
    "/api/user/usage/breakdown?by=day",
    "/api/user/usage/breakdown?by=hour&from=2026-11-29",
    "/api/user/usage?type=premium&days=30",
)


def log(message):
    print(f"[bench/usage] {message}", file=sys.stderr, flush=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_ready(url, process, log_file, seconds=120):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server stopped: {open(log_file).read()[-2000:]}")
        try:
            urllib.request.urlopen(url, timeout=1).read()
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"{url} not ready")


def sign_in(base, work):
    with open(os.path.join(work, "initial-admin-password")) as f:
        fields = dict(line.split(": ", 1) for line in f.read().splitlines() if ": " in line)
    body = ('{"email": "%s", "password": "%s"}' % (fields["email"], fields["password"])).encode()
    request = urllib.request.Request(
        f"{base}/api/login",
        data=body,
        headers={"Content-Type": "application/json", "Origin": base},
    )
    with urllib.request.urlopen(request) as reply:
        return reply.headers["Set-Cookie"].split(";", 1)[0], fields["email"]


# One INSERT ... SELECT over a generated series: n rows of one customer, newest at T0 + 30 days.
def fill_sql(n, user_expr, series):
    return f"""
INSERT INTO connection_records (user_id, started_at, duration_ms, credential_kind, credential_id,
    credential_label, kind, host, port, bytes_up, bytes_down, outcome, reason)
SELECT ({user_expr}), {T0} + (i * {DAYS * 86400}) / {n}, 1500 + i % 700,
    CASE WHEN i % 20 = 0 THEN 'main' ELSE 'subuser' END,
    CASE WHEN i % 20 = 0 THEN NULL ELSE i % 20 END,
    'cred-' || (i % 20), 'premium', 'host-' || (i % 2000) || '.example', 443,
    100 + i % 5000, 1000 + i % 50000,
    CASE WHEN i % 50 = 0 THEN 'refused' ELSE 'ok' END,
    CASE WHEN i % 50 = 0 THEN 'no_traffic' ELSE NULL END
FROM {series}
"""


def fill(backend, url, email, n):
    user = f"SELECT id FROM users WHERE email = '{email}'"
    if backend == "SQLite":
        db = sqlite3.connect(url.removeprefix("sqlite://"))
        db.execute(
            fill_sql(
                n,
                user,
                f"(WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i + 1 < {n}) SELECT i FROM s)",
            )
        )
        db.commit()
        db.execute("ANALYZE")
        db.close()
    else:
        # A partitioned table (by day) gets the day tables of the filled days first, as the
        # migration makes them for the records already there on an upgrade; otherwise every
        # record older than the server's start would sit in the default partition.
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
        sql = days + fill_sql(n, user, f"generate_series(0::bigint, {n - 1}) AS s(i)") + ";\nANALYZE connection_records;"
        subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", url], input=sql, text=True, check=True)


def sql_rows(backend, url, sql):
    """The rows of one query (psql's unaligned output on PostgreSQL)."""
    if backend == "SQLite":
        db = sqlite3.connect(url.removeprefix("sqlite://"))
        try:
            return db.execute(sql).fetchall()
        finally:
            db.close()
    out = subprocess.run(["psql", "-qAt", "-v", "ON_ERROR_STOP=1", url, "-c", sql], text=True, capture_output=True, check=True)
    return [tuple(line.split("|")) for line in out.stdout.splitlines() if line]


def sql_exec(backend, url, sql):
    """Runs one statement and commits it."""
    if backend == "SQLite":
        db = sqlite3.connect(url.removeprefix("sqlite://"))
        db.execute(sql)
        db.commit()
        db.close()
    else:
        subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", url, "-c", sql], check=True)


def has_rollups(backend, url):
    if backend == "SQLite":
        probe = "SELECT count(*) FROM sqlite_master WHERE name = 'usage_rollup_backfill'"
    else:
        probe = "SELECT count(*) FROM information_schema.tables WHERE table_name = 'usage_rollup_backfill'"
    return int(sql_rows(backend, url, probe)[0][0]) > 0


def start_backfill(backend, url):
    """Sets the back-fill to sum every record, as the migration does on an upgrade."""
    sql = (
        "UPDATE usage_rollup_backfill SET upto = (SELECT COALESCE(MAX(id), 0) FROM connection_records), "
        "done_through = 0, finished_at = NULL"
    )
    sql_exec(backend, url, sql)


def wait_backfilled(backend, url, process, log_file):
    while True:
        if process.poll() is not None:
            raise SystemExit(f"the server stopped: {open(log_file).read()[-2000:]}")
        finished = sql_rows(backend, url, "SELECT COALESCE(finished_at, 0) FROM usage_rollup_backfill")[0][0]
        if int(finished) != 0:
            return
        time.sleep(0.5)


def timed(url, cookie):
    request = urllib.request.Request(url, headers={"Cookie": cookie})
    start = time.perf_counter()
    with urllib.request.urlopen(request, timeout=3600) as reply:
        size = len(reply.read())
    return time.perf_counter() - start, size


def buy(base, cookie, plan):
    """One purchase of 1 GB of the plan; its time in seconds."""
    body = json.dumps({"type": "premium", "planId": int(plan), "customGb": 1}).encode()
    request = urllib.request.Request(
        f"{base}/api/user/get_plan",
        data=body,
        headers={"Content-Type": "application/json", "Origin": base, "Cookie": cookie},
    )
    start = time.perf_counter()
    with urllib.request.urlopen(request, timeout=600) as reply:
        reply.read()
    return time.perf_counter() - start


def spread(times):
    """p50, p99 and the slowest, in ms."""
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, round((len(ordered) - 1) * 0.99))]
    return statistics.median(ordered) * 1000, p99 * 1000, ordered[-1] * 1000


def measure(backend, database_url, n):
    work = tempfile.mkdtemp(prefix="proxyshop-usage-bench.")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PROXYSHOP_DATABASE_URL", "DATABASE_URL", "PROXYSHOP_SMTP_URL", "SMTP_URL", "RUST_LOG")
    }
    env.update(
        {
            "PROXYSHOP_ADDR": f"127.0.0.1:{port}",
            "PROXYSHOP_PUBLIC_URL": base,
            "PROXYSHOP_DATA_DIR": work,
            "PROXYSHOP_STATIC_DIR": os.path.join(work, "no-front-end"),
            "PROXYSHOP_GATEWAY_HTTP_ADDR": f"127.0.0.1:{free_port()}",
            "PROXYSHOP_GATEWAY_SOCKS_ADDR": f"127.0.0.1:{free_port()}",
            "PROXYSHOP_SESSION_SECRET": secrets.token_hex(32),
            "PROXYSHOP_USAGE_RECORDS_DAYS": "60",
        }
    )
    url = database_url or f"sqlite://{work}/proxyshop.db"
    env["PROXYSHOP_DATABASE_URL"] = url
    log_file = os.path.join(work, "server.log")

    def start():
        return subprocess.Popen(
            [os.environ["PROXYSHOP_BIN"], "serve"],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=open(log_file, "a"),
            stderr=subprocess.STDOUT,
        )

    server = start()
    try:
        wait_ready(f"{base}/healthz", server, log_file)
        cookie, email = sign_in(base, work)
        log(f"{backend}: filling {n:,} records")
        started = time.perf_counter()
        fill(backend, url, email, n)
        log(f"{backend}: filled in {time.perf_counter() - started:.1f} s")
        backfill = None
        if has_rollups(backend, url):
            server.terminate()
            server.wait()
            start_backfill(backend, url)
            started = time.perf_counter()
            server = start()
            wait_ready(f"{base}/healthz", server, log_file)
            wait_backfilled(backend, url, server, log_file)
            backfill = time.perf_counter() - started
            log(f"{backend}: rollups back-filled in {backfill:.1f} s")
            if backend == "SQLite":
                db = sqlite3.connect(url.removeprefix("sqlite://"))
                db.execute("ANALYZE")
                db.close()
            else:
                subprocess.run(["psql", "-q", url, "-c", "ANALYZE"], check=True)
        row = [backfill]
        # The cursor that starts page 150: the one page 149 returns (None from a server
        # without cursors).
        with urllib.request.urlopen(
            urllib.request.Request(base + "/api/user/requests?page=149", headers={"Cookie": cookie})
        ) as reply:
            cursor = json.load(reply).get("nextCursor")
        # The 30 days of records (the export covers 24 hours without `from`).
        paths = ["/api/user/requests", "/api/user/requests?page=150", f"/api/user/requests?cursor={cursor}" if cursor else None]
        paths.append(None if SKIP_CSV else "/api/user/requests.csv?from=2026-11-01&to=2026-11-30")
        for path in paths + list(DASHBOARD):
            if path is None:
                row.append(None)
                continue
            times = []
            for _ in range(CALLS):
                seconds, size = timed(base + path, cookie)
                times.append(seconds)
            log(f"{backend} {n:,} {path}: {statistics.median(times) * 1000:.1f} ms ({size:,} bytes)")
            row.append(statistics.median(times))
        export = None
        if EXPORT:
            export = measure_export(backend, url, base, cookie)
        purge = None
        if PURGE:
            purge = measure_purge(backend, url, base, cookie, email, env, server)
        return row, purge, export
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(work, ignore_errors=True)


def measure_export(backend, url, base, cookie):
    """The same 30 days as a background export (POST /api/user/requests/exports): seconds from
    asking to ready (polled every 0.2 s; the job looks every 5 s), the CSV's and the stored
    file's bytes, and the download's seconds as CSV and as the stored gzip; None from a server
    without background exports."""
    body = json.dumps({"from": "2026-11-01", "to": "2026-11-30"}).encode()
    headers = {"Content-Type": "application/json", "Origin": base, "Cookie": cookie}
    began = time.perf_counter()
    try:
        with urllib.request.urlopen(urllib.request.Request(f"{base}/api/user/requests/exports", data=body, headers=headers)) as reply:
            export = json.load(reply)
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return None
        raise
    while export["status"] in ("pending", "running"):
        time.sleep(0.2)
        with urllib.request.urlopen(urllib.request.Request(f"{base}/api/user/requests/exports/{export['id']}", headers={"Cookie": cookie})) as reply:
            export = json.load(reply)
    ready = time.perf_counter() - began
    if export["status"] != "ready":
        raise SystemExit(f"the export ended {export['status']}")
    length = "length(data)" if backend == "SQLite" else "octet_length(data)"
    stored = int(sql_rows(backend, url, f"SELECT sum({length}) FROM usage_export_parts WHERE export_id = {export['id']}")[0][0])
    csv_seconds, csv_size = timed(base + export["downloadUrl"], cookie)
    gzip_request = urllib.request.Request(base + export["downloadUrl"], headers={"Cookie": cookie, "Accept-Encoding": "gzip"})
    start = time.perf_counter()
    with urllib.request.urlopen(gzip_request, timeout=3600) as reply:
        gzip_size = len(reply.read())
    gzip_seconds = time.perf_counter() - start
    log(f"{backend}: export of {export['records']:,} records ready in {ready:.1f} s, {csv_size:,} bytes of CSV stored in {stored:,}")
    return ready, export["records"], csv_size, stored, csv_seconds, gzip_seconds, gzip_size


def measure_purge(backend, url, base, cookie, email, env, server):
    """Purchases quiet, then during a purge of every record older than a day (`proxyshop jobs
    run usage-purge`, the hourly job's code, beside the running server): (quiet times, times
    during the purge, rows purged, the purge's seconds)."""
    sql_exec(backend, url, f"UPDATE users SET balance_cents = 100000000000 WHERE email = '{email}'")
    plan = sql_rows(backend, url, "SELECT id FROM plans WHERE kind = 'premium' ORDER BY price_cents LIMIT 1")[0][0]
    quiet = [buy(base, cookie, plan) for _ in range(QUIET_PURCHASES)]
    older = f"SELECT count(*) FROM connection_records WHERE started_at < {int(time.time()) - 86400}"
    due = int(sql_rows(backend, url, older)[0][0])
    purge_env = dict(env, PROXYSHOP_USAGE_RECORDS_DAYS="1")
    began = time.perf_counter()
    purge = subprocess.Popen(
        [os.environ["PROXYSHOP_BIN"], "jobs", "run", "usage-purge"],
        env=purge_env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    during = []
    while purge.poll() is None:
        if server.poll() is not None:
            raise SystemExit("the server stopped during the purge")
        during.append(buy(base, cookie, plan))
    took = time.perf_counter() - began
    said = purge.stdout.read().strip()
    if purge.returncode != 0:
        raise SystemExit(f"the purge failed: {said}")
    left = int(sql_rows(backend, url, older)[0][0])
    log(f"{backend}: {said} ({due:,} due, {left:,} left) in {took:.1f} s, {len(during)} purchases meanwhile")
    return quiet, during, due - left, took


def pg_database(admin_url):
    base, _, _ = admin_url.rpartition("/")
    name = DB_NAME
    for sql in (f"DROP DATABASE IF EXISTS {name} WITH (FORCE)", f"CREATE DATABASE {name}"):
        subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", admin_url, "-c", sql], check=True)
    return f"{base}/{name}"


def main():
    only = os.environ.get("BENCH_BACKENDS", "sqlite,postgresql").lower().split(",")
    backends = [("SQLite", None)] if "sqlite" in only else []
    admin_url = os.environ.get("TEST_DATABASE_URL")
    if admin_url and "postgresql" in only:
        backends.append(("PostgreSQL", admin_url))
    print(f"The customer's usage-record reads through the server ({os.environ['PROXYSHOP_BIN']}), median of {CALLS} calls.\n")
    print(
        "| records of one customer | rollups back-fill | `requests` page 1 | page 150 (`page`) | page 150 (`cursor`) |"
        + " `requests.csv` (30 days) | by host | by credential | by day | by hour (2 days) | `usage` (30 days) |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    purges = []
    exports = []
    for backend, admin in backends:
        for n in SIZES:
            url = pg_database(admin) if admin else None
            try:
                (backfill, *calls), purge, export = measure(backend, url, n)
            finally:
                if admin:
                    subprocess.run(
                        ["psql", "-q", admin, "-c", f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)"],
                        check=False,
                    )
            label = f"{n // 1000}k" if n < 1_000_000 else f"{n // 1_000_000}M"
            cells = ["—" if backfill is None else f"{backfill:,.1f} s"]
            for i, seconds in enumerate(calls):
                if seconds is None:
                    cells.append("n/a" if i != 3 else "skipped")
                else:
                    cells.append(f"{seconds:,.2f} s" if i == 3 else f"{seconds * 1000:,.1f} ms")
            print(f"| {backend} {label} | " + " | ".join(cells) + " |", flush=True)
            if purge:
                purges.append((f"{backend} {label}", purge))
            if export:
                exports.append((f"{backend} {label}", export))
    if exports:
        print("\nThe same 30 days as a background export: from asking to ready (the job looks every 5 s), the file's size as CSV and as stored, and its download.\n")
        print("| records of one customer | records | ready after | CSV | stored (gzip) | download as CSV | as stored gzip |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for label, (ready, records, csv_size, stored, csv_s, gzip_s, _) in exports:
            print(f"| {label} | {records:,} | {ready:.1f} s | {csv_size / 1e6:,.1f} MB | {stored / 1e6:,.1f} MB | {csv_s:.2f} s | {gzip_s:.2f} s |", flush=True)
    if purges:
        print("\nA purchase (1 GB from the wallet) with nothing else running, and while the server purged every record older than a day.\n")
        print("| records of one customer | records purged | purge took | purchases quiet: p50 / p99 / slowest | during the purge: count, p50 / p99 / slowest |")
        print("|---|---:|---:|---|---|")
        for label, (quiet, during, due, took) in purges:
            q = "{:.1f} / {:.1f} / {:.1f} ms".format(*spread(quiet))
            d = "{}, {:.1f} / {:.1f} / {:.1f} ms".format(len(during), *spread(during)) if during else "none (it ended first)"
            print(f"| {label} | {due:,} | {took:.1f} s | {q} | {d} |", flush=True)


if __name__ == "__main__":
    main()
