"""Measures the API against a bare actix-web hello world (see bench/api/run.sh).

Starts target/release/examples/hello (a bare hello world, and the same session-and-user read
the API makes per signed-in request with nothing around it: the floor of a signed-in read) and `target/release/proxyshop serve` on a fresh SQLite
database in a temporary folder, signs in as the first-start administrator, and runs wrk
(2 threads, 32 connections) against each endpoint (the signed-in read a second time with the
`Accept-Encoding` a browser sends, which lets the server compress); then runs the signed-in read again while
another thread signs in 20 times a second (each from its own address through
PROXYSHOP_TRUSTED_PROXIES, as unknown accounts: every one is an argon2 verification).
Then both signed-in reads again paced (bench/api/paced.lua: each connection waits 1 ms between
an answer and its next request), so that the server runs well below its capacity: at full load
a p99 is mostly time queued behind the other connections and moved from 0.6 to 4.2 ms between
rounds of the same idle read, paced it is a request's own latency.
All of it ROUNDS times over, interleaved, and each figure is the median of the rounds, each
ratio the median of the ratios within a round: on a machine whose speed drifts (a VM), one run
of each moved the ratios by up to a quarter from run to run. Last, the API server's RSS after
all those sign-ins.
"""

import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

SECONDS = 3 if os.environ.get("BENCH_QUICK") == "1" else 6
ROUNDS = 3
SIGN_INS_PER_SECOND = 20


def log(message):
    print(f"[bench/api] {message}", file=sys.stderr, flush=True)


def free_port():
    """A free port below Linux's ephemeral range (32768 and up): a port the kernel hands out
    itself can be taken as the source port of an outgoing connection before the server binds it
    (seen after the proxy benchmark's churn: "Address already in use")."""
    while True:
        port = 20000 + secrets.randbelow(12000)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port


def wait_ready(url, process, seconds=60, log_file=None):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            said = ""
            if log_file:
                with open(log_file) as f:
                    said = "; its log ends:\n" + "".join(f.readlines()[-10:])
            raise SystemExit(f"{url}: the process exited with {process.returncode}{said}")
        try:
            with urllib.request.urlopen(url, timeout=1) as reply:
                if reply.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        time.sleep(0.1)
    raise SystemExit(f"{url} did not answer within {seconds} s")


def post_json(url, body, origin, headers=None):
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Origin": origin, **(headers or {})},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as reply:
            return reply.status, reply.headers
    except urllib.error.HTTPError as err:
        return err.code, err.headers


UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3}


def millis(text):
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()
    return float(number) * UNITS[unit]


# What a browser sends: every API answer it gets may be compressed.
BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd"


STATUS_LABEL = "`GET /api/status` (public status page, served from its last computed answer)"

PACED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "paced.lua")


def wrk(url, cookie=None, accept_encoding=None, paced=False):
    command = ["wrk", "-t2", "-c32", f"-d{SECONDS}s", "--latency", url]
    if paced:
        command[1:1] = ["-s", PACED]
    if cookie:
        command[1:1] = ["-H", f"Cookie: {cookie}"]
    if accept_encoding:
        command[1:1] = ["-H", f"Accept-Encoding: {accept_encoding}"]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p50 = millis(re.search(r"\s50%\s+(\S+)", out).group(1))
    p99 = millis(re.search(r"\s99%\s+(\S+)", out).group(1))
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if bad:
        raise SystemExit(f"{url}: {bad.group(1)} answers were not 2xx:\n{out}")
    return rate, p50, p99


def sign_ins(base, origin, stop, statuses, first=0):
    """Signs in SIGN_INS_PER_SECOND times a second, each request on its own thread, numbering
    the addresses and accounts after `first` (each round its own)."""
    n = 0
    start = time.monotonic()
    threads = []
    while not stop.is_set():
        n += 1
        k = first + n
        address = f"10.{k // 65536 % 256}.{k // 256 % 256}.{k % 256}"

        def one(address=address, k=k):
            status, _ = post_json(
                f"{base}/api/login",
                {"email": f"nobody{k}@example.com", "password": "Wrong-password1"},
                origin,
                {"X-Forwarded-For": address},
            )
            statuses[status] = statuses.get(status, 0) + 1

        thread = threading.Thread(target=one, daemon=True)
        thread.start()
        threads.append(thread)
        delay = start + n / SIGN_INS_PER_SECOND - time.monotonic()
        if delay > 0:
            stop.wait(delay)
    for thread in threads:
        thread.join(timeout=30)
    return n


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        kb = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
    return kb / 1000


def median(values):
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2


IDLE_LABEL = "`GET /api/getuserinfo` (signed in)"
PACED_LABEL = "`GET /api/getuserinfo` (signed in), paced"


def one_round(n, hello_addr, base, cookie, statuses):
    """Every measurement once: rows of (label, requests/s, p50, p99), the hello first; and how
    many sign-ins were sent (their answers are counted into `statuses`)."""
    rows = []
    log(f"round {n}/{ROUNDS}: hello world")
    rate, p50, p99 = wrk(f"http://{hello_addr}/")
    rows.append(("bare actix-web hello (`/`)", rate, p50, p99))
    log(f"round {n}/{ROUNDS}: bare actix-web, one session read")
    rate, p50, p99 = wrk(f"http://{hello_addr}/read")
    rows.append(("bare actix-web, the session read only (`/read`)", rate, p50, p99))
    for label, path, signed_in, accept_encoding in (
        ("`GET /healthz`", "/healthz", False, None),
        (STATUS_LABEL, "/api/status", False, None),
        (IDLE_LABEL, "/api/getuserinfo", True, None),
        (
            f"`GET /api/getuserinfo` (signed in, `Accept-Encoding: {BROWSER_ACCEPT_ENCODING}`)",
            "/api/getuserinfo",
            True,
            BROWSER_ACCEPT_ENCODING,
        ),
        ("`GET /api/user/plan?type=premium` (signed in)", "/api/user/plan?type=premium", True, None),
    ):
        log(f"round {n}/{ROUNDS}: {label}")
        rate, p50, p99 = wrk(f"{base}{path}", cookie if signed_in else None, accept_encoding)
        rows.append((label, rate, p50, p99))

    sent = 0
    for paced, label in ((False, ""), (True, ", paced")):
        if paced:
            log(f"round {n}/{ROUNDS}: signed-in reads, paced")
            rate, p50, p99 = wrk(f"{base}/api/getuserinfo", cookie, paced=True)
            rows.append((PACED_LABEL, rate, p50, p99))
        log(f"round {n}/{ROUNDS}: signed-in reads{label} while {SIGN_INS_PER_SECOND} sign-ins a second are hashed")
        stop, counted = threading.Event(), {}
        first = n * 100_000 + (50_000 if paced else 0)
        loader = threading.Thread(
            target=lambda: counted.setdefault("_sent", sign_ins(base, base, stop, statuses, first))
        )
        loader.start()
        time.sleep(1)  # let the sign-ins reach their rate before measuring
        rate, p50, p99 = wrk(f"{base}/api/getuserinfo", cookie, paced=paced)
        stop.set()
        loader.join()
        sent += counted["_sent"]
        rows.append(
            (f"{PACED_LABEL if paced else IDLE_LABEL} during {SIGN_INS_PER_SECOND} sign-ins/s", rate, p50, p99)
        )
    return rows, sent


def main():
    work = tempfile.mkdtemp(prefix="proxyshop-api-bench.")
    processes = []
    try:
        hello_addr = f"127.0.0.1:{free_port()}"
        api_port = free_port()
        base = f"http://127.0.0.1:{api_port}"
        hello = subprocess.Popen(
            ["target/release/examples/hello", hello_addr], stdout=subprocess.DEVNULL
        )
        processes.append(hello)
        env = {
            **os.environ,
            "PROXYSHOP_ADDR": f"127.0.0.1:{api_port}",
            "PROXYSHOP_PUBLIC_URL": base,
            "PROXYSHOP_DATA_DIR": work,
            "PROXYSHOP_STATIC_DIR": os.path.join(work, "no-front-end"),
            "PROXYSHOP_TRUSTED_PROXIES": "127.0.0.1",
            "PROXYSHOP_GATEWAY_HTTP_ADDR": f"127.0.0.1:{free_port()}",
            "PROXYSHOP_GATEWAY_SOCKS_ADDR": f"127.0.0.1:{free_port()}",
            "PROXYSHOP_SESSION_SECRET": secrets.token_hex(32),
        }
        # Old names too: the server still reads them when the new one is unset.
        for name in (
            "PROXYSHOP_DATABASE_URL",
            "DATABASE_URL",
            "PROXYSHOP_SMTP_URL",
            "SMTP_URL",
            "RUST_LOG",
        ):
            env.pop(name, None)
        with open(os.path.join(work, "server.log"), "w") as server_log:
            server = subprocess.Popen(
                ["target/release/proxyshop", "serve"],
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=server_log,
                stderr=subprocess.STDOUT,
            )
        processes.append(server)
        wait_ready(f"http://{hello_addr}/", hello)
        wait_ready(f"{base}/healthz", server, log_file=os.path.join(work, "server.log"))
        with open(os.path.join(work, "initial-admin-password")) as f:
            fields = dict(line.split(": ", 1) for line in f.read().splitlines() if ": " in line)
        status, headers = post_json(
            f"{base}/api/login",
            {"email": fields["email"], "password": fields["password"]},
            base,
        )
        if status != 200:
            raise SystemExit(f"signing in as the administrator: {status}")
        cookie = headers["Set-Cookie"].split(";", 1)[0]

        rounds = []
        statuses = {}
        sent = 0
        for n in range(1, ROUNDS + 1):
            rows, round_sent = one_round(n, hello_addr, base, cookie, statuses)
            rounds.append(rows)
            sent += round_sent

        print(
            f"wrk, 2 threads, 32 connections, {SECONDS} s each, {ROUNDS} rounds (medians); the API "
            "on SQLite, default settings. `/read`: the hello example running only the one query a "
            "signed-in request makes (session and user, on the worker), with no middleware: the "
            "floor of a signed-in read.\n"
        )
        print("| Endpoint | Requests/s | × hello | p50 ms | p99 ms |")
        print("|---|---:|---:|---:|---:|")
        for i, (label, _, _, _) in enumerate(rounds[0]):
            rate, p50, p99 = (median([rows[i][k] for rows in rounds]) for k in (1, 2, 3))
            ratio = median([rows[i][1] / rows[0][1] for rows in rounds])
            print(f"| {label} | {rate:,.0f} | {ratio:.2f} | {p50:.2f} | {p99:.2f} |")
        labels = [label for label, _, _, _ in rounds[0]]
        answered = ", ".join(f"{n} × {code}" for code, n in sorted(statuses.items()))
        print()
        health, status = labels.index("`GET /healthz`"), labels.index(STATUS_LABEL)
        status_ratios = [rows[status][1] / rows[health][1] for rows in rounds]
        print(
            f"Status page: {median(status_ratios):.2f}× the rate of `/healthz` in the same run "
            f"(target ≥ 0.8×; rounds: {', '.join(f'{r:.2f}×' for r in status_ratios)}), p99 "
            f"{median([rows[status][3] for rows in rounds]):.2f} ms.  "
        )
        for name, idle in (("Signed-in reads'", IDLE_LABEL), ("Paced signed-in reads'", PACED_LABEL)):
            # Per round: the p99 during sign-ins over the same reads' p99 without them.
            during = labels.index(f"{idle} during {SIGN_INS_PER_SECOND} sign-ins/s")
            p99_ratios = [rows[during][3] / rows[labels.index(idle)][3] for rows in rounds]
            print(
                f"{name} p99 under {SIGN_INS_PER_SECOND} sign-ins/s: "
                f"{median(p99_ratios):.2f}× idle (median; rounds: "
                f"{', '.join(f'{r:.2f}×' for r in p99_ratios)}).  "
            )
        print(
            f"{sent} sign-ins sent; answers: {answered}. The API server's RSS after them: "
            f"{rss_mb(server.pid):.1f} MB."
        )
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
