"""Time a stepper click on the builder page in headless Chromium, click to settled page.

Usage: [CACHE_URL=redis://...] DATABASE_URL=postgres://... python benchmarks/builder_click.py [N]

Sets up the database named by DATABASE_URL as ``api_load.py`` does (migrations;
../shared/bsdata/wh40k-9e imported unless stored already), stores the 150-selection
2000-point Ultramarines Battalion (tests/engine/realdata/space_marines_battalion_2000.json)
as a player's list and starts gunicorn with 2 workers on loopback (DEBUG off, each worker
keeping its database connection) as ``api_load.py`` does. Debian's /usr/bin/chromium, driven
by Playwright (never a downloaded browser), signs in through the site's own form, opens the
list with one squad's editor open and, after warm-up clicks, presses the squad's "one more
model" and "one fewer model" buttons in turn, N times (default 40). With CACHE_URL
(as docker-compose.yml runs the app), the workers share the cache that keeps each page's
fragment keys for the next edit; without it each worker keeps its own, and an edit landing
on the worker that did not serve the page before works the old page's keys out again.

Each click is timed in the page with ``performance.now()``: from the click to the page
settled, i.e. the answer swapped in (``htmx:afterSettle``, once htmx is done with it) with
no request in flight. The page also notes when the request left and when its answer came
back. Beside it: the server time of each edit as gunicorn logs it (``%(D)s``: request read
to response written) and the CPU time the two workers spent per click (from /proc: the
server's Python work, which a shared machine's load inflates least). Prints the median,
95th percentile and maximum of each, the answer's size and the load average before and
after. See docs/performance.md, "Builder clicks".
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from api_load import gunicorn, percentile, prepare, server_times_ms
from builder_edit import stepper_target, stored_list
from django.contrib.auth import get_user_model
from django.utils.text import slugify
from playwright.sync_api import Page, sync_playwright

from lists.models import ArmyList
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parents[1]
CLICKS = 40
WARMUP = 6
TARGET_P95_MS = 100
EMAIL, PASSWORD = "clicks@example.com", "bench-password-not-secret"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")

# Installed before the page's own scripts: a click on a stepper starts a timing; the answer
# settled with nothing in flight ends it (checked once htmx has finished with the response:
# a microtask runs after the whole response handler, every settle event included).
TIMER = """
window.__clicks = [];
document.addEventListener("click", (event) => {
  if (event.target.closest(".stepper button")) {
    window.__clicks.push({ start: performance.now(), sent: null, answered: null, settled: null });
  }
}, true);
const current = () => window.__clicks[window.__clicks.length - 1] || {};
document.addEventListener("htmx:beforeSend", () => { current().sent = performance.now(); });
document.addEventListener("htmx:beforeSwap", () => { current().answered = performance.now(); });
document.addEventListener("htmx:afterSettle", () => {
  queueMicrotask(() => {
    const click = current();
    if (click.settled === null && !document.querySelector(".htmx-request")) {
      click.settled = performance.now();
    }
  });
});
"""


def collect_static() -> None:
    """With DEBUG off, pages name their CSS and JavaScript by the manifest collectstatic
    writes (as the Dockerfile does), so it runs with DEBUG off too."""
    env = {**os.environ, "DJANGO_SECRET_KEY": "collectstatic-only-" + "x" * 40}
    subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "collectstatic", "--noinput", "-v0"],
        env={**env, "DJANGO_DEBUG": "false"},
        check=True,
    )


def worker_cpu_ms(master: int) -> float:
    """CPU time (user and system) the gunicorn master's children have spent so far."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == master:  # the parent pid
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total * 1000 / CLOCK_TICKS


def sign_in(page: Page, base: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=login]", EMAIL)
    page.fill("input[name=password]", PASSWORD)
    page.locator("form [type=submit]").last.click()
    page.wait_for_url(lambda url: "/accounts/login/" not in url)


def click(page: Page, button: str) -> dict[str, float]:
    count = page.evaluate("() => window.__clicks.length")
    page.click(f"#{button}")
    page.wait_for_function(
        f"() => window.__clicks.length > {count} && window.__clicks[{count}].settled !== null"
    )
    timing: dict[str, float] = page.evaluate(f"() => window.__clicks[{count}]")
    return timing


def summary(label: str, values: list[float]) -> str:
    return (
        f"{label:<34} median {statistics.median(values):6.1f} ms  "
        f"p95 {percentile(values, 0.95):6.1f} ms  max {max(values):6.1f} ms"
    )


def run(clicks: int) -> int:
    spec = prepare()
    collect_static()
    user_model = get_user_model()
    user = user_model.objects.filter(email=EMAIL).first()
    if user is None:
        user = user_model.objects.create_user(username="clicks", email=EMAIL, password=PASSWORD)
    ArmyList.objects.filter(owner=user).delete()
    army_list = stored_list(spec, user, spec["name"])
    unit, entry, _count = stepper_target(army_list)
    option = f"opt-{unit}-{slugify(entry)}"
    path = f"/lists/{army_list.pk}/edit/option/"
    load_before = os.getloadavg()
    timings: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp, "log")
        with gunicorn(log) as port, sync_playwright() as playwright:
            base = f"http://127.0.0.1:{port}"
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.set_default_timeout(60_000)
            page.add_init_script(TIMER)
            sign_in(page, base)
            sizes: list[int] = []
            page.on(
                "response",
                lambda response: (
                    sizes.append(len(response.body())) if response.url.endswith(path) else None
                ),
            )
            page.goto(f"{base}/lists/{army_list.pk}/?selection={unit}")
            for step in range(WARMUP + clicks):
                if step == WARMUP:
                    cpu_before = worker_cpu_ms(gunicorn_pid(port))
                timing = click(page, f"{option}-{'more' if step % 2 == 0 else 'less'}")
                if step >= WARMUP:
                    timings.append(timing)
                time.sleep(0.05)  # a player's pace: each click alone on the server
            cpu = (worker_cpu_ms(gunicorn_pid(port)) - cpu_before) / clicks
            browser.close()
        server = server_times_ms(log, path)[WARMUP:]
    load_after = os.getloadavg()
    assert len(server) == clicks, (len(server), clicks)
    settled = [t["settled"] - t["start"] for t in timings]
    print(
        f"{clicks} stepper clicks after {WARMUP} warm-up ones; "
        f"answer {statistics.median(sizes[WARMUP:]) / 1024:.1f} KB"
    )
    print(summary("click -> settled page", settled))
    print(summary("  click -> request sent", [t["sent"] - t["start"] for t in timings]))
    print(summary("  request sent -> answer in", [t["answered"] - t["sent"] for t in timings]))
    print(summary("  answer in -> settled", [t["settled"] - t["answered"] for t in timings]))
    print(summary("server (gunicorn %(D)s)", server))
    print(f"{'server CPU per click (2 workers)':<34} mean {cpu:6.1f} ms")
    shared = "shared (CACHE_URL)" if os.environ.get("CACHE_URL") else "one per worker"
    print(f"cache of the pages' fragment keys: {shared}")
    print(
        "load average before "
        + " ".join(f"{x:.2f}" for x in load_before)
        + ", after "
        + " ".join(f"{x:.2f}" for x in load_after)
    )
    met = percentile(settled, 0.95) < TARGET_P95_MS
    print(f"target: click -> settled p95 < {TARGET_P95_MS} ms: {'met' if met else 'MISSED'}")
    return 0


def gunicorn_pid(port: int) -> int:
    """The pid of the gunicorn master listening on ``port`` (the parent of its workers)."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if any(part == f"--bind=127.0.0.1:{port}".encode() for part in command):
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            parent = int(fields[1])
            # the master is the one whose parent is not itself a gunicorn of this port
            if not _is_gunicorn(parent, port):
                return int(entry.name)
    raise SystemExit("gunicorn's master was not found")


def _is_gunicorn(pid: int, port: int) -> bool:
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return False
    return f"--bind=127.0.0.1:{port}".encode() in command


def main(argv: list[str]) -> int:
    return run(int(argv[0]) if argv else CLICKS)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
