"""make bench, after StatsBenchmarks: `receipts web` in Chromium over the statistics benchmark's
database of a million receipts (STATS_BENCH_KEEP_DATABASE leaves it for this script).

Measures what a person waits for, in the page itself (a script the DevTools protocol adds to every
document before the app's own, which stays as it is), medians of WEB_BENCH_RUNS (9) runs after one
that is not counted:
- the first feed page: from the navigation's start to the next frame after the first page of
  receipt cards went into the feed; a fresh navigation each run, nothing from the browser's cache
  (the server stays warm);
- a statistics switch: a month picked (from a two-month range to one of its months) until the
  view's category table is in the next frame, and until its 12-month chart has loaded;
- a feed page by where it starts: the first, and those after the 10,000th, the middle and the
  last but 50 receipts, asked as the page asks for the next one (goal for the middle: ≤ 50 ms);
- the page's own files: the bytes of the HTML, scripts and styles the browser loaded (the
  Resource Timing API), every answer of /api/ left out.
Beside each, what the server took for the API answers (Resource Timing: request sent to the first
byte back), to tell the server's part from the page's. Prints Markdown tables and the summary rows
that scripts/bench-summary.py collects.

    RECEIPTS=.build/release/receipts .build/web-venv/bin/python scripts/web-bench.py DATABASE
"""

import os
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from web_app import browser, start_app, wait

RECEIPTS = os.path.abspath(os.environ.get("RECEIPTS", ".build/release/receipts"))
RUNS = int(os.environ.get("WEB_BENCH_RUNS", "9"))
FEED_GOAL_MS = 300
SWITCH_GOAL_MS = 100
FILES_GOAL_BYTES = 150 * 1000
DEEP_GOAL_MS = 50

# Added to every document before its own scripts: when the feed's first receipt cards (li in the
# feed's lists, as feed.js appends a page in one go) are in the DOM, and when the frame after that
# has been drawn; the time of the last `change` event (a picker chosen); helpers for the switch.
PROBE = """
(() => {
  const bench = window.__bench = {};
  // The next frame drawn after now: a task queued from requestAnimationFrame runs once it is painted.
  bench.afterFrame = (done) => requestAnimationFrame(() => setTimeout(() => done(performance.now()), 0));
  new MutationObserver((records, observer) => {
    const feed = document.getElementById("feed");
    const cards = feed ? feed.querySelectorAll("ol.receipts li") : [];
    if (cards.length === 0) return;
    observer.disconnect();
    bench.feedInserted = performance.now();
    bench.feedCards = cards.length;
    bench.afterFrame((time) => { bench.feedDrawn = time; });
  }).observe(document, { childList: true, subtree: true });
  document.addEventListener("change", (event) => { bench.changed = event.timeStamp; }, true);
  // Watches the statistics view until it shows `month` alone with its table, then its chart.
  bench.watchStatistics = (month) => {
    const view = document.getElementById("stats");
    const result = bench.statistics = { month };
    const shown = () => {
      const from = view.querySelector("select.from");
      const to = view.querySelector("select.to");
      return from && to && from.value === month && to.value === month
        && view.querySelector("table.categories tr[data-category]");
    };
    new MutationObserver((records, observer) => {
      if (!shown()) return;
      observer.disconnect();
      result.inserted = performance.now();
      result.categories = view.querySelectorAll("table.categories tr[data-category]").length;
      bench.afterFrame((time) => { result.drawn = time; });
      const chart = view.querySelector("picture.chart img");
      const loaded = () => { result.chart = performance.now(); };
      if (chart.complete) loaded(); else chart.addEventListener("load", loaded, { once: true });
    }).observe(view, { childList: true });
  };
})();
"""

# Resource Timing of the last request whose address contains the text: when it was asked, when the
# first byte of its answer came (the server's part: request sent to first byte back) and when all of it.
TIMING = """
const entries = performance.getEntriesByType("resource").filter((e) => e.name.includes(arguments[0]));
const last = entries[entries.length - 1];
return last && { asked: last.startTime, server: last.responseStart - last.requestStart, answered: last.responseEnd };
"""


def machine():
    """As the Swift benchmarks print it: the CPU's model, the cores, the memory."""
    cpu = "unknown CPU"
    with open("/proc/cpuinfo") as file:
        match = re.search(r"^model name\s*:\s*(.+)$", file.read(), re.M)
        if match:
            cpu = match.group(1).strip()
    with open("/proc/meminfo") as file:
        kib = int(re.search(r"^MemTotal:\s*(\d+)", file.read(), re.M).group(1))
    return f"{cpu}, {os.cpu_count()} cores, {kib // 1048576} GiB"


def milliseconds(values):
    return f"{statistics.median(values):.0f} ms"


def row(label, values, goal=None):
    """A table row: median, min, max, runs (and the goal, when it has one)."""
    median = statistics.median(values)
    verdict = "" if goal is None else (f"≤ {goal} ms, met" if median <= goal else f"≤ {goal} ms, NOT met")
    return (f"| {label} | {median:.1f} ms | {min(values):.1f} ms | {max(values):.1f} ms | {len(values)} "
            f"| {verdict} |")


def summary(what, data, median, compared, target):
    print("<!-- summary | " + " | ".join(cell.replace("|", "/") for cell in (what, data, median, compared, target))
          + " -->")


def first_feed_page(driver, base):
    """One cold page: when its files were in, when the API answered, when the cards were in the DOM
    and drawn (ms from the navigation's start), and the server's part of /api/feed."""
    driver.get(base + "/")
    wait(driver, 60).until(lambda d: d.execute_script("return window.__bench.feedDrawn !== undefined"))
    probe = driver.execute_script("return window.__bench")
    words = driver.execute_script(TIMING, "/api/words")
    feed = driver.execute_script(TIMING, "/api/feed")
    files = driver.execute_script("""
        return Math.max(...performance.getEntriesByType("resource")
            .filter((e) => !new URL(e.name).pathname.startsWith("/api/")).map((e) => e.responseEnd))""")
    return {
        "files": files, "words": words["answered"], "asked": feed["asked"], "answered": feed["answered"],
        "server": feed["server"], "inserted": probe["feedInserted"], "drawn": probe["feedDrawn"],
        "cards": probe["feedCards"],
    }


def feed_pages(driver, positions):
    """Each feed page asked by the page's own way (`/api/feed?after=`, with the key), RUNS times after
    one not counted: ms from the request to the whole answer, by where the page starts."""
    times = {}
    for depth, after in positions:
        path = "/api/feed?lang=en" + (f"&after={after}" if after else "")
        runs = driver.execute_async_script("""
            const [path, runs, done] = arguments;
            const key = sessionStorage.getItem("receipts-key");
            (async () => {
              const times = [];
              for (let run = 0; run <= runs; run++) {
                const start = performance.now();
                const answer = await fetch(path, { headers: { Authorization: `Bearer ${key}` } });
                const page = await answer.json();
                if (!answer.ok || page.months.length === 0) { done([`${answer.status}`]); return; }
                if (run > 0) times.push(performance.now() - start);
              }
              done(times);
            })();""", path, RUNS)
        if not runs or isinstance(runs[0], str):
            sys.exit(f"web-bench: {path} answered {runs}")
        times[depth] = runs
    return times


def own_files(driver):
    """Every file of the page's own the browser loaded (not the API's answers): address and bytes."""
    return driver.execute_script("""
        const page = performance.getEntriesByType("navigation")[0];
        const files = performance.getEntriesByType("resource").filter((e) => !new URL(e.name).pathname.startsWith("/api/"));
        return [page, ...files].map((e) => [new URL(e.name).pathname, e.encodedBodySize]);
    """)


def statistics_switch(driver, months, index):
    """From the range of months[index + 1] to months[index], the picker's `to` set to the first:
    the view of that month alone, timed from the choice."""
    month, later = months[index + 1], months[index]
    # Within the page, as its back button goes: a new address, then `popstate`.
    driver.execute_script("history.pushState(null, '', arguments[0]); dispatchEvent(new PopStateEvent('popstate'))",
                          f"/stats?from={month}&to={later}")
    wait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#stats select.to")
                           and d.find_element(By.CSS_SELECTOR, "#stats select.from").get_attribute("value") == month
                           and d.find_element(By.CSS_SELECTOR, "#stats select.to").get_attribute("value") == later)
    driver.execute_script("performance.clearResourceTimings(); window.__bench.watchStatistics(arguments[0])", month)
    Select(driver.find_element(By.CSS_SELECTOR, "#stats select.to")).select_by_value(month)
    wait(driver, 30).until(lambda d: d.execute_script(
        "const s = window.__bench.statistics; return s.drawn !== undefined && s.chart !== undefined"))
    probe = driver.execute_script("return window.__bench")
    result = probe["statistics"]
    answer = driver.execute_script(TIMING, f"/api/stats?lang=en&from={month}&to={month}")
    since = probe["changed"]
    return {
        "asked": answer["asked"] - since, "answered": answer["answered"] - since, "server": answer["server"],
        "inserted": result["inserted"] - since, "drawn": result["drawn"] - since, "chart": result["chart"] - since,
        "whole": max(result["drawn"], result["chart"]) - since, "categories": result["categories"],
    }


def main():
    if len(sys.argv) != 2 or not os.path.isfile(sys.argv[1]):
        sys.exit("usage: web-bench.py DATABASE (the statistics benchmark's, kept by STATS_BENCH_KEEP_DATABASE)")
    database = os.path.abspath(sys.argv[1])
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        receipts = connection.execute("SELECT COUNT(*) FROM receipts").fetchone()[0]
        items = connection.execute("SELECT COUNT(*) FROM items").fetchone()[0]
        months = [row[0] for row in connection.execute("SELECT DISTINCT month FROM receipts ORDER BY month DESC")]
        # Where the pages start: the first, and after the receipt at each depth of the feed's order
        # (the middle one is what the goal is about).
        depths = [depth for depth in (10_000, receipts // 2, receipts - 50) if 0 < depth < receipts]
        positions = [(1, "")]
        for depth in depths:
            date_time, id_ = connection.execute(
                "SELECT date_time, id FROM receipts ORDER BY month DESC, date_time DESC, id DESC LIMIT 1 OFFSET ?",
                (depth - 1,)).fetchone()
            positions.append((depth + 1, f"{date_time}_{id_}"))
    if len(months) < RUNS + 2:
        sys.exit(f"web-bench: {len(months)} months of receipts; the statistics runs want {RUNS + 2}")
    size = os.path.getsize(database)
    chromium = subprocess.run(["chromium", "--version"], capture_output=True, text=True).stdout.strip()
    folder = tempfile.mkdtemp(prefix="receipts-web-bench-")
    environment = dict(os.environ, XDG_CONFIG_HOME=folder + "/config", XDG_DATA_HOME=folder + "/data")
    server, address = start_app(RECEIPTS, ["--db", database, "--lang", "en"], environment, "web-bench")
    base = address.split("/#")[0]
    try:
        driver = browser(1280, 900)
        try:
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": PROBE})
            # The key once, for the tab; this first page is the warm-up and is not counted.
            driver.get(address)
            wait(driver, 60).until(lambda d: d.execute_script("return window.__bench.feedDrawn !== undefined"))
            driver.execute_cdp_cmd("Network.enable", {})
            driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
            feed = [first_feed_page(driver, base) for _ in range(RUNS)]
            files = own_files(driver)
            pages = feed_pages(driver, positions)
            driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
            # The statistics view, its first drawing not counted; then each run picks another month.
            driver.find_element(By.ID, "to-stats").click()
            wait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#stats table.categories tr[data-category]"))
            # Months from the middle of the history back, each run another.
            first = max(0, min(len(months) // 2, len(months) - RUNS - 2))
            statistics_switch(driver, months, first + RUNS)
            switches = [statistics_switch(driver, months, first + run) for run in range(RUNS)]
        finally:
            driver.quit()
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)

    feed_drawn = [run["drawn"] for run in feed]
    switch_drawn = [run["whole"] for run in switches]
    total_bytes = sum(bytes_ for _, bytes_ in files)
    print(f"receipts web in Chromium — {machine()}; {chromium}, headless, 1280×900")
    print(f"{receipts} receipts with {items} items over {len(months)} months, {size / 1e9:.2f} GB "
          f"(the statistics benchmark's database); release receipts web on loopback; {RUNS} runs each after one "
          "not counted")
    print()
    print(f"The first feed page ({feed[0]['cards']} cards), nothing from the browser's cache; ms from the "
          "navigation's start:")
    print()
    print("| when | median | min | max | runs | goal |")
    print("|---|---:|---:|---:|---:|---|")
    for label, key in (("the page's files loaded", "files"), ("/api/words answered", "words"),
                       ("/api/feed asked", "asked"), ("/api/feed answered", "answered"),
                       ("the cards in the DOM", "inserted")):
        print(row(label, [run[key] for run in feed]))
    print(row("**the cards drawn**", feed_drawn, FEED_GOAL_MS))
    print(row("server: /api/feed, request to first byte", [run["server"] for run in feed]))
    print()
    print(f"A statistics switch: a two-month range, then one of its months picked; its table "
          f"({switches[0]['categories']} categories) and the 12-month chart; ms from the choice:")
    print()
    print("| when | median | min | max | runs | goal |")
    print("|---|---:|---:|---:|---:|---|")
    for label, key in (("/api/stats asked", "asked"), ("/api/stats answered", "answered"),
                       ("the table in the DOM", "inserted"), ("the table drawn", "drawn"),
                       ("the chart loaded", "chart")):
        print(row(label, [run[key] for run in switches]))
    print(row("**the table drawn and the chart loaded**", switch_drawn, SWITCH_GOAL_MS))
    print(row("server: /api/stats, request to first byte", [run["server"] for run in switches]))
    print()
    print("A feed page by where it starts (`/api/feed?after=` the receipt before it, as the page asks for "
          "the next one); ms from the request to the whole answer, in the page:")
    print()
    print("| the page starts at receipt | median | min | max | runs | goal |")
    print("|---|---:|---:|---:|---:|---|")
    middle = receipts // 2 + 1
    for depth, times in pages.items():
        print(row(f"{depth:,}", times, DEEP_GOAL_MS if depth == middle else None))
    print()
    print("| the page's own file | bytes |")
    print("|---|---:|")
    for path, bytes_ in files:
        print(f"| {path} | {bytes_} |")
    print(f"| all {len(files)} | {total_bytes} |")
    print()
    goals = [
        ("first feed page", statistics.median(feed_drawn) <= FEED_GOAL_MS,
         f"{statistics.median(feed_drawn):.0f} ms, goal ≤ {FEED_GOAL_MS} ms"),
        ("statistics switch", statistics.median(switch_drawn) <= SWITCH_GOAL_MS,
         f"{statistics.median(switch_drawn):.0f} ms, goal ≤ {SWITCH_GOAL_MS} ms"),
        ("a feed page halfway", middle not in pages or statistics.median(pages[middle]) <= DEEP_GOAL_MS,
         f"{statistics.median(pages.get(middle, [0])):.0f} ms, goal ≤ {DEEP_GOAL_MS} ms"),
        ("the page's own files", total_bytes <= FILES_GOAL_BYTES,
         f"{total_bytes / 1000:.1f} KB, goal ≤ {FILES_GOAL_BYTES // 1000} KB"),
    ]
    print("Goals met: " + ("; ".join(f"{name} ({text})" for name, met, text in goals if met) or "none") + ".")
    print("Not met: " + ("; ".join(f"{name} ({text})" for name, met, text in goals if not met) or "none") + ".")
    data = f"{receipts} receipts, {items} items"
    summary("web: first feed page drawn", data, milliseconds(feed_drawn),
            f"server: /api/feed {statistics.median([run['server'] for run in feed]):.1f} ms", f"≤ {FEED_GOAL_MS} ms")
    summary("web: statistics, a month picked", data, milliseconds(switch_drawn),
            f"server: /api/stats {statistics.median([run['server'] for run in switches]):.1f} ms",
            f"≤ {SWITCH_GOAL_MS} ms")
    if middle in pages:
        summary(f"web: a feed page at receipt {middle:,}", data, milliseconds(pages[middle]),
                f"the first page {milliseconds(pages[1])}", f"≤ {DEEP_GOAL_MS} ms")
    summary("web: the page's own files", f"{len(files)} files", f"{total_bytes / 1000:.1f} KB", "",
            f"≤ {FILES_GOAL_BYTES // 1000} KB")


main()
