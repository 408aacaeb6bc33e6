"""What the scripts that drive `receipts web` in Chromium share (scripts/web-browser-test.py, which
checks it, and scripts/web-bench.py, which times it): Debian's chromium through Debian's
chromium-driver, a wait that survives the page redrawing, and the app started on a free port."""

import subprocess
import sys
import time

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait


def browser(width, height, language="en-US"):
    """Headless Chromium with a window of that size and that preferred language."""
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                     f"--window-size={width},{height}", f"--lang={language}"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # The driver from Debian, named: Selenium's own manager would go to the network for one.
    driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
    # A position of its own (Moscow's centre), so that a page asking for one never sends Chromium to
    # its network location service: the tests talk to loopback only. Permission is still asked.
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride",
                           {"latitude": 55.7558, "longitude": 37.6173, "accuracy": 10})
    # Headless Chromium starts no narrower than 500 px whatever --window-size says; sized again, the
    # page gets the width asked for (a phone's 375 or 390).
    driver.set_window_size(width, height)
    return driver


def wait(driver, seconds):
    """A wait that looks again when the page redrew what it was looking at."""
    return WebDriverWait(driver, seconds, ignored_exceptions=(StaleElementReferenceException,))


def start_app(receipts, arguments, environment, script):
    """`receipts web ARGUMENTS --port 0` started; returns the process and the address it printed (with
    its key). Exits, naming `script`, when no address comes within 30 s."""
    server = subprocess.Popen([receipts, "web", *arguments, "--port", "0"], env=environment,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    address = None
    deadline = time.time() + 30
    while address is None and time.time() < deadline:
        line = server.stdout.readline()
        if not line and server.poll() is not None:
            break
        if "http://" in line:
            address = line[line.index("http://"):].strip()
    if address is None:
        server.kill()
        sys.exit(f"{script}: receipts web printed no address")
    return server, address
