"""Load the REST API through gunicorn over loopback: the stateless validate, and list edits.

Usage: DATABASE_URL=postgres://... python benchmarks/api_load.py validate [SECONDS] [CONNS...]
       DATABASE_URL=postgres://... python benchmarks/api_load.py validate-new [SECONDS] [CONNS...]
       DATABASE_URL=postgres://... python benchmarks/api_load.py edit [EDITS]
       DATABASE_URL=postgres://... python benchmarks/api_load.py edit-document [EDITS]

Sets up the database named by DATABASE_URL (migrations; ../shared/bsdata/wh40k-9e imported
unless stored already), then starts gunicorn (2 workers, 127.0.0.1, DEBUG off, the API
throttles raised out of the way) on its own port and stops it at the end. The list is
tests/engine/realdata/space_marines_battalion_2000.json (150 selections, 2000 points).

- ``validate``: ``POST /api/v1/validate/`` with that list spec, by wrk (/usr/bin/wrk, a Lua
  script for the body and headers) for SECONDS (default 20) at each connection count
  (default 1 2 4 8 16), after warm-up requests that have every worker compile the closure.
  Prints requests per second, the latency percentiles wrk reports, and errors.
  ``validate-new`` renames the list in every request, so that no layer between the client
  and the engine (a proxy's or a future cache) can answer one without building it.
- ``edit``: stores the list as a player's, signs in for an API token and sends EDITS
  (default 300, after warm-up ones) ``POST /api/v1/lists/<id>/edits/option/`` one after the
  other, one squad's models one up then one down, each with the ETag the previous answer
  gave as If-Match. An edit answers without the list's document (``?include=document``
  asks for it; ``edit-document`` sends that on every edit). The server time of each is
  gunicorn's own (``%(D)s`` in its access log: request read to response written); prints
  its median, 95th percentile and maximum, and the client's round trip beside it.

Every run prints the machine's load average at its start and end, and the CPU time the
gunicorn workers spent per request (from /proc): on a shared machine the wall-clock figures
grow with the load, the CPU time much less.

See docs/performance.md, "API".
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from builder_edit import SPEC, import_data, stepper_target, stored_list
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection

from lists.models import ArmyList

ROOT = Path(__file__).resolve().parents[1]
GUNICORN = ROOT / ".venv" / "bin" / "gunicorn"
WRK = "/usr/bin/wrk"
WORKERS = 2
WARMUP = 20
EDIT_WARMUP = 5
TARGET_RPS = 150
TARGET_P99_MS = 100
TARGET_EDIT_P95_MS = 30
EMAIL, PASSWORD = "bench@example.com", "bench-password-not-secret"
GUNICORN_PIDS: dict[int, int] = {}  # port -> the gunicorn master's process id
# The access log line of one request: status, then microseconds from request read to
# response written.
ACCESS_FORMAT = "%(m)s %(U)s %(s)s %(D)s"

WRK_SCRIPT = """
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local f = assert(io.open(os.getenv("BENCH_BODY"), "rb"))
wrk.body = f:read("*a")
f:close()
"""
# Each request names the list anew (thread and request number), so no answer is kept for it:
# every request builds and evaluates the list.
WRK_SCRIPT_NEW_NAMES = (
    WRK_SCRIPT
    + """
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("tid", threads)
end
local sent = 0
function request()
  sent = sent + 1
  local name = string.format('"name":"bench %d-%d"', tid, sent)
  local body, found = wrk.body:gsub('"name":%s*"[^"]*"', name, 1)
  assert(found == 1, "the body names no list")
  return wrk.format(nil, nil, nil, body)
end
"""
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def gunicorn(access_log: Path) -> Iterator[int]:
    """A gunicorn of WORKERS workers on a free loopback port, configured as in production
    (DEBUG off, persistent database connections) except that TLS redirects are off (plain
    HTTP over loopback) and the API throttles are far above what the run sends."""
    port = free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "armybuilder.settings",
        "DJANGO_SECRET_KEY": "benchmark-only-" + "x" * 40,
        "DJANGO_DEBUG": "false",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "DJANGO_SECURE_COOKIES": "false",
        "API_THROTTLE_ANON": "1000000/min",
        "API_THROTTLE_USER": "1000000/min",
        # as docker-compose.yml runs it: each worker keeps its database connection
        "DB_CONN_MAX_AGE": "60",
    }
    server = subprocess.Popen(
        [
            str(GUNICORN),
            "armybuilder.wsgi:application",
            f"--workers={WORKERS}",
            f"--bind=127.0.0.1:{port}",
            f"--access-logfile={access_log}",
            f"--access-logformat={ACCESS_FORMAT}",
            "--log-level=warning",
        ],
        cwd=ROOT,
        env=env,
    )
    GUNICORN_PIDS[port] = server.pid
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit("gunicorn did not start") from None
                time.sleep(0.2)
        yield port
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)


def workers_cpu_seconds(port: int) -> float:
    """CPU time (user and system) the gunicorn workers serving ``port`` have used so far: on
    a machine shared with other work, the figure its load inflates least."""
    master = GUNICORN_PIDS[port]
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    ticks = 0
    for pid in children:
        # the fields after the command's closing parenthesis: utime and stime are 14 and 15
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def request(
    conn: http.client.HTTPConnection, method: str, path: str, body: Any, headers: dict[str, str]
) -> tuple[int, dict[str, str], bytes]:
    conn.request(
        method,
        path,
        None if body is None else json.dumps(body).encode(),
        {"Content-Type": "application/json", **headers},
    )
    response = conn.getresponse()
    return response.status, dict(response.getheaders()), response.read()


def warm_up(port: int, method: str, path: str, body: Any, headers: dict[str, str]) -> None:
    """WARMUP requests, WORKERS * 2 at a time, so that every worker has compiled the closure
    (the first request of a process does) before anything is timed."""

    def one(_: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        status, _headers, content = request(conn, method, path, body, headers)
        conn.close()
        assert status == 200, content[:300]

    with ThreadPoolExecutor(WORKERS * 2) as pool:
        list(pool.map(one, range(WARMUP)))


def server_times_ms(access_log: Path, path: str) -> list[float]:
    """The access log's time (ms) of each 2xx POST to PATH, in order."""
    times = []
    for line in access_log.read_text().splitlines():
        method, logged, status, micros = line.split()
        if method == "POST" and logged == path and status.startswith("2"):
            times.append(int(micros) / 1000)
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def prepare() -> dict[str, Any]:
    if connection.vendor != "postgresql":
        raise SystemExit("set DATABASE_URL to a PostgreSQL database for this benchmark")
    call_command("migrate", verbosity=0)
    spec: dict[str, Any] = json.loads(SPEC.read_text())
    import_data(spec["gameSystemId"])
    return spec


def validate(seconds: int, connections: list[int], *, new_names: bool) -> int:
    spec = prepare()
    body = {k: v for k, v in spec.items() if k not in {"description", "source"}}
    with tempfile.TemporaryDirectory() as tmp:
        body_file, script, log = Path(tmp, "body.json"), Path(tmp, "post.lua"), Path(tmp, "log")
        body_file.write_text(json.dumps(body))
        script.write_text(WRK_SCRIPT_NEW_NAMES if new_names else WRK_SCRIPT)
        with gunicorn(log) as port:
            warm_up(port, "POST", "/api/v1/validate/", body, {})
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            status, _headers, content = request(conn, "POST", "/api/v1/validate/", body, {})
            assert status == 200, content[:300]
            report = json.loads(content)
            print(
                f"list: {sum(1 for _ in selections(report['forces']))} selections, "
                f"legal={report['legal']}, {len(content) / 1024:.0f} KB response"
            )
            print(
                f"{'conns':>5} {'req/s':>7} {'p50':>8} {'p90':>8} {'p99':>8} {'errors':>7}"
                f" {'server CPU/req':>14}"
            )
            met = []
            for count in connections:
                cpu = workers_cpu_seconds(port)
                figures = run_wrk(port, script, body_file, count, seconds)
                cpu_ms = (workers_cpu_seconds(port) - cpu) * 1000 / max(figures["requests"], 1)
                meets = (
                    figures["rps"] >= TARGET_RPS
                    and figures["p99"] < TARGET_P99_MS
                    and figures["errors"] == 0
                )
                print(
                    f"{count:>5} {figures['rps']:>7.1f} {figures['p50']:>6.1f}ms "
                    f"{figures['p90']:>6.1f}ms {figures['p99']:>6.1f}ms {figures['errors']:>7}"
                    f" {cpu_ms:>12.1f}ms" + ("  meets" if meets else "")
                )
                if meets:
                    met.append(count)
            # At C connections a server answering R requests per second keeps each waiting
            # C / R seconds on average: past about 15 connections a p99 under 100 ms at 150
            # requests per second cannot be had, whatever the server.
            print(
                f"target (>= {TARGET_RPS} req/s, p99 < {TARGET_P99_MS} ms, no errors): "
                + (f"met at {', '.join(map(str, met))} connections" if met else "MISSED")
            )
    return 0


def selections(items: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for item in items:
        yield from selections(item.get("forces", []))
        for selection in item.get("selections", []):
            yield selection
            yield from selections([{"selections": selection["selections"]}])


def run_wrk(port: int, script: Path, body: Path, count: int, seconds: int) -> dict[str, float]:
    threads = min(count, 2)
    out = subprocess.run(
        [
            WRK,
            f"-t{threads}",
            f"-c{count}",
            f"-d{seconds}s",
            "--timeout=10s",
            "--latency",
            f"-s{script}",
            f"http://127.0.0.1:{port}/api/v1/validate/",
        ],
        env={**os.environ, "BENCH_BODY": str(body)},
        capture_output=True,
        text=True,
        check=True,
        timeout=seconds + 60,
    ).stdout
    latency = {
        int(share): to_ms(value, unit)
        for share, value, unit in re.findall(r"^\s+(\d+)%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
    }
    errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", out))
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {
        "requests": int(re.search(r"(\d+) requests in", out).group(1)),  # type: ignore[union-attr]
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),  # type: ignore[union-attr]
        "p50": latency[50],
        "p90": latency[90],
        "p99": latency[99],
        "errors": errors + (int(non_2xx.group(1)) if non_2xx else 0),
    }


def to_ms(value: str, unit: str) -> float:
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def edit(edits: int, *, document: bool) -> int:
    spec = prepare()
    user_model = get_user_model()
    user = user_model.objects.filter(email=EMAIL).first()
    if user is None:
        user = user_model.objects.create_user(username="bench", email=EMAIL, password=PASSWORD)
    ArmyList.objects.filter(owner=user).delete()
    army_list = stored_list(spec, user, spec["name"])
    unit, entry, count = stepper_target(army_list)
    path = f"/api/v1/lists/{army_list.pk}/edits/option/"
    query = "?include=document" if document else ""
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp, "log")
        with gunicorn(log) as port:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            credentials = {"email": EMAIL, "password": PASSWORD, "device": "benchmark"}
            status, _headers, content = request(
                conn, "POST", "/api/v1/auth/token/", credentials, {}
            )
            assert status == 201, content[:300]
            auth = {"Authorization": f"Token {json.loads(content)['token']}"}
            status, headers, content = request(
                conn, "GET", f"/api/v1/lists/{army_list.pk}/", None, auth
            )
            assert status == 200, content[:300]
            etag = headers["ETag"]
            warm_up(port, "GET", f"/api/v1/lists/{army_list.pk}/", None, auth)
            round_trips = []
            cpu = 0.0
            for step in range(EDIT_WARMUP + edits):
                if step == EDIT_WARMUP:
                    cpu = workers_cpu_seconds(port)
                fields = {
                    "selection_id": unit,
                    "entry_id": entry,
                    "count": count + 1 if step % 2 == 0 else count,
                }
                started = time.perf_counter()
                status, headers, content = request(
                    conn, "POST", path + query, fields, {**auth, "If-Match": etag}
                )
                elapsed = (time.perf_counter() - started) * 1000
                assert status == 200, content[:300]
                etag = headers["ETag"]
                if step >= EDIT_WARMUP:
                    round_trips.append(elapsed)
            cpu_ms = (workers_cpu_seconds(port) - cpu) * 1000 / edits
            conn.close()
        server = server_times_ms(log, path)[EDIT_WARMUP:]
    assert len(server) == edits, len(server)
    print(f"{edits} edits after {EDIT_WARMUP} warm-up ones, {len(content) / 1024:.0f} KB response")
    for label, times in (("server (gunicorn %(D)s)", server), ("client round trip", round_trips)):
        print(
            f"{label:<24} median {statistics.median(times):6.1f} ms  "
            f"p95 {percentile(times, 0.95):6.1f} ms  max {max(times):6.1f} ms"
        )
    print(f"server CPU (the workers' user and system time) per edit: {cpu_ms:.1f} ms")
    met = percentile(server, 0.95) < TARGET_EDIT_P95_MS
    print(f"target: server p95 < {TARGET_EDIT_P95_MS} ms: {'met' if met else 'MISSED'}")
    return 0


def load_average() -> str:
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


def main(argv: list[str]) -> int:
    # On a shared machine the figures say little without the load they were measured at.
    print(f"load average (1, 5, 15 min) at start: {load_average()}")
    try:
        return run(argv)
    finally:
        print(f"load average at end: {load_average()}")


def run(argv: list[str]) -> int:
    mode = argv[0] if argv else ""
    if mode in {"validate", "validate-new"}:
        seconds = int(argv[1]) if len(argv) > 1 else 20
        counts = [int(n) for n in argv[2:]] or [1, 2, 4, 8, 16]
        return validate(seconds, counts, new_names=mode == "validate-new")
    if mode in {"edit", "edit-document"}:
        return edit(int(argv[1]) if len(argv) > 1 else 300, document=mode == "edit-document")
    raise SystemExit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
