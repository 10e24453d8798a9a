/// The browser side of `DashboardBrowserTests`: a Python script that drives
/// Debian's real Chromium through chromium-driver and selenium, as the
/// user who started `refocus ui`. `drive.py ADDRESS ARTIFACTS` prints one
/// line per fact it saw; screenshots go to ARTIFACTS.
enum DashboardDriver {
    static let script = #"""
        import json, os, re, subprocess, sys, time
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.common.exceptions import StaleElementReferenceException
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import WebDriverWait

        address, artifacts, refocus = sys.argv[1], sys.argv[2], sys.argv[3]
        port = re.search(r":(\d+)/", address).group(1)
        options = webdriver.ChromeOptions()
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,1400",
                     "--user-data-dir=" + os.environ["HOME"] + "/chromium", "--no-first-run"):
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        wait = WebDriverWait(driver, 20)
        def status():
            return json.loads(subprocess.run([refocus, "status", "--json"], capture_output=True, text=True).stdout)
        def shot(name):
            driver.save_screenshot(os.path.join(artifacts, name + ".png"))
        def ring_offset():
            # The arc's dash offset as drawn: its size grows as the ring depletes.
            return float(driver.execute_script(
                "return getComputedStyle(document.getElementById('ring-progress')).strokeDashoffset").rstrip("px"))
        def click(selector):
            # Found and clicked again if the page drew it anew in between (a status event came).
            for _ in range(20):
                try:
                    return wait.until(lambda d: d.find_element(By.CSS_SELECTOR, selector)).click()
                except StaleElementReferenceException:
                    time.sleep(0.1)
            raise RuntimeError("cannot click " + selector)
        def text(selector):
            return driver.execute_script("const e = document.querySelector(arguments[0]); return e && e.textContent.trim();", selector) or ""
        def seconds(text):
            parts = [int(p) for p in text.split(":")]
            return sum(p * 60 ** i for i, p in enumerate(reversed(parts)))
        try:
            driver.get(address)
            wait.until(lambda d: d.current_url.rstrip("/").endswith(":" + port))
            print("address after entry:", re.sub(r"\d+", "N", driver.current_url))
            wait.until(lambda d: d.find_element(By.CSS_SELECTOR, '#presets button[data-preset="quick"]'))
            shot("idle")
            click('#presets button[data-preset="quick"]')
            wait.until(lambda d: re.fullmatch(r"\d+:\d\d(:\d\d)?", text("#digits")) and seconds(text("#digits")) > 20 * 60)
            time.sleep(1.5)  # the ring's first sweep from empty (a 0.9 s transition) is over
            first = text("#digits")
            offset = ring_offset()
            time.sleep(2.5)
            later = text("#digits")
            print("digits count down:", 0 < seconds(first) - seconds(later) <= 4, 24 * 60 < seconds(later) <= 25 * 60)
            print("ring depletes:", abs(ring_offset()) > abs(offset))
            print("ring class:", driver.execute_script("return document.getElementById('ring').getAttribute('class')"))
            print("status lists:", [s["lists"] for s in status()["sessions"]])
            shot("running")
            click("#stop")
            wait.until(lambda d: not status()["sessions"])
            print("stopped by click: sessions", len(status()["sessions"]))
            for day in sys.argv[4:]:
                # Read in one script: the heatmap is drawn again as the figures refresh after a session.
                minutes, label = wait.until(lambda d: d.execute_script(
                    "const c = document.querySelector('#heatmap [data-date=\"' + arguments[0] + '\"]');"
                    " return c && [c.getAttribute('data-minutes'), c.getAttribute('aria-label')];", day))
                print("heatmap", day, minutes, label is not None)
            click('#presets button[data-preset="pomodoro"]')
            wait.until(lambda d: "ring-work" in d.execute_script("return document.getElementById('ring').getAttribute('class')"))
            time.sleep(2.5)  # the ring has swept to its place
            shot("pomodoro")
            click("#stop")
            wait.until(lambda d: not status()["sessions"])
            # Cross-site: a page of another origin posts a form and a fetch to the dashboard.
            driver.get("http://127.0.0.1:8099/attack.html")
            time.sleep(3)
            print("after the other origin's page: sessions", len(status()["sessions"]))
            # DNS rebinding: a name that resolves to 127.0.0.1, the dashboard's port.
            driver.get("http://rebind.test:%s/api/presets" % port)
            print("rebinding answer:", driver.find_element(By.TAG_NAME, "body").text.strip())
        finally:
            driver.quit()
        """#

    /// A page of another origin that tries to start a session on the dashboard at `$PORT`.
    static let attackPage = #"""
        <!doctype html><title>elsewhere</title>
        <form id="f" method="POST" action="http://127.0.0.1:PORT/api/start" enctype="text/plain">
        <input name='{"preset":"quick","x":"' value='"}'></form>
        <script>
        fetch("http://127.0.0.1:PORT/api/start", {method: "POST", mode: "no-cors", credentials: "include",
          headers: {"Content-Type": "text/plain"}, body: '{"preset":"quick"}'});
        setTimeout(function () { document.getElementById("f").submit(); }, 300);
        </script>
        """#
}
