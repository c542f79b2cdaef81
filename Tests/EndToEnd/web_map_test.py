"""The web map in headless Chromium (Debian's chromium and chromium-driver, Selenium).

Loads the page served at URL, types the key, opens the office, switches levels, opens a place
card by clicking a unit, shows the radio map's layers (survey, APs heard, the expected error of
one scan) and the accuracy map ASSESS (from `fingerpost assess --geojson`) dropped onto the page,
follows a live session fed by `fingerpost replay --to … --speed 10` until its dot has moved and
the level picker has followed it to another floor, draws every level of the 85,000 m² convention
centre and of Polymap's 443-unit campus (each within 10 s: a page that froze would not), and
fails on any console error. Screenshots go to OUT (venue.png, place-card.png, radio-map.png,
accuracy.png, session.png, convention.png, polymap.png).
Usage: /usr/bin/python3 web_map_test.py URL KEY FINGERPOST OUT ASSESS
"""

import re
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

url, key, fingerpost, out, assess = sys.argv[1:6]


def check(condition, message):
    if not condition:
        raise SystemExit(f"web map: {message}")


options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,900"]:
    options.add_argument(argument)
options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
wait = WebDriverWait(driver, 20)
replay = None
try:
    # The key typed into the page: kept in session storage, never in the address.
    driver.get(url + "/")
    driver.find_element(By.ID, "key").send_keys(key)
    driver.find_element(By.CSS_SELECTOR, "#key-form button").click()
    try:
        venue = wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, "#venues button[data-venue=office]")))
    except Exception:
        raise SystemExit(f"web map: no venue listed; status {driver.find_element(By.ID, 'status').text!r}, "
                         f"console {driver.get_log('browser')}")
    check(driver.execute_script("return sessionStorage.getItem('fingerpost.key')") == key,
          "the key is not in session storage")
    venue.click()
    wait.until(EC.text_to_be_present_in_element((By.ID, "status"), "office: 3 level(s)"))
    check(key not in driver.current_url, "the key shows in the address")
    levels = driver.find_elements(By.CSS_SELECTOR, "#levels button")
    check([b.get_attribute("data-ordinal") for b in levels] == ["2", "1", "0"],
          f"level picker {[b.text for b in levels]}")
    check(driver.execute_script("return state.ordinal") == 0, "the ground floor is not shown first")
    driver.save_screenshot(f"{out}/venue.png")

    # Switch to ordinal 1 and open a place card by clicking a named unit there.
    driver.find_element(By.CSS_SELECTOR, "#levels button[data-ordinal='1']").click()
    check(driver.execute_script("return state.ordinal") == 1, "the level picker did not switch")
    check(levels[1].get_attribute("aria-pressed") == "true", "the level button is not pressed")
    target = driver.execute_script("""
        let found = null;
        state.layers.get(1).eachLayer((layer) => {
          const p = layer.feature.properties;
          if (!found && p.name && !p.derived && !['walkway', 'stairs', 'elevator'].includes(p.category)) {
            map.setView(layer.getCenter(), 20, { animate: false });
            const point = map.latLngToContainerPoint(layer.getCenter());
            found = { name: p.name, category: p.category, x: point.x, y: point.y };
          }
        });
        return found;""")
    check(target is not None, "no named unit on ordinal 1")
    element = driver.find_element(By.ID, "map")
    size = element.size
    ActionChains(driver).move_to_element_with_offset(
        element, int(target["x"] - size["width"] / 2), int(target["y"] - size["height"] / 2)).click().perform()
    card = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".place-card h3")))
    check(card.text == target["name"], f"the place card says {card.text!r}, not {target['name']!r}")
    text = driver.find_element(By.CSS_SELECTOR, ".place-card").text
    check(target["category"] in text and "ordinal 1" in text, f"the place card lacks category or level: {text!r}")
    driver.save_screenshot(f"{out}/place-card.png")

    # The radio map's layers on ordinal 1, each drawn square by square (or point by point).
    driver.execute_script("map.closePopup(); map.fitBounds(state.layers.get(1).getBounds());")
    drawn = {}
    for value, words in [("survey", "survey points"), ("heard", "APs a scan hears"),
                         ("bound", "expected error of one scan")]:
        driver.find_element(By.CSS_SELECTOR, f"#radio-layers input[value={value}]").click()
        wait.until(EC.text_to_be_present_in_element((By.ID, "radio-status"), words))
        text = driver.find_element(By.ID, "radio-status").text
        count = int(re.search(r": (\d+) ", text).group(1))
        layers = driver.execute_script("return state.overlay ? state.overlay.getLayers().length : 0")
        check(count > 0 and layers == count, f"layer {value}: {text!r}, {layers} drawn")
        check(len(driver.find_elements(By.CSS_SELECTOR, "#legend span")) == 5, f"layer {value}: no legend")
        drawn[value] = text
    driver.save_screenshot(f"{out}/radio-map.png")

    # The accuracy map of `assess --geojson`, dropped onto the page: its units on this level.
    driver.find_element(By.ID, "assess-file").send_keys(assess)
    wait.until(EC.text_to_be_present_in_element((By.ID, "radio-status"), "assess: mean error"))
    text = driver.find_element(By.ID, "radio-status").text
    count = int(re.search(r": (\d+) ", text).group(1))
    check(count > 0, f"the accuracy map drew nothing: {text!r}")
    drawn["assess"] = text
    driver.save_screenshot(f"{out}/accuracy.png")
    driver.find_element(By.CSS_SELECTOR, "#radio-layers input[value=none]").click()
    check(driver.execute_script("return state.overlay") is None, "the radio layer stays drawn")

    # A live session: replay S0 (three floors) against the service, follow it from the address.
    replay = subprocess.Popen(
        [fingerpost, "replay", "Scenarios/S0-office-nominal.yaml", "--to", url, "--key", key,
         "--venue-id", "office", "--speed", "10"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    line = replay.stderr.readline()
    match = re.search(r"on the map at (\S+)", line)
    check(match is not None, f"replay --to did not say where to follow its session: {line!r}")
    session = re.search(r"session=(\S+)", match.group(1)).group(1)
    driver.get(match.group(1))
    driver.refresh()
    seen_levels, positions = set(), set()
    deadline = time.time() + 120
    while time.time() < deadline and replay.poll() is None:
        fix = driver.execute_script(
            "const s = state.sessions.get(arguments[0]); return s && s.fix && "
            "{ lat: s.fix.lat, lon: s.fix.lon, ordinal: s.fix.ordinal, shown: state.ordinal };", session)
        if fix:
            check(fix["shown"] == fix["ordinal"], f"the level picker shows {fix['shown']}, the fix is on {fix['ordinal']}")
            seen_levels.add(fix["ordinal"])
            positions.add((round(fix["lat"], 6), round(fix["lon"], 6)))
            if len(seen_levels) >= 2 and len(positions) >= 10:
                break
        time.sleep(0.2)
    check(len(positions) >= 10, f"the dot did not move: {len(positions)} position(s)")
    check(len(seen_levels) >= 2, f"the fix never changed level: {sorted(seen_levels)}")
    # For the screenshot (the README's), a trail on the level shown: up to 30 s more of the walk.
    deadline = time.time() + 30
    while time.time() < deadline and replay.poll() is None and driver.execute_script(
            "const s = state.sessions.get(arguments[0]); "
            "return s ? s.trail.filter((p) => p.ordinal === state.ordinal).length : 0", session) < 15:
        time.sleep(0.3)
    label = driver.find_element(By.CSS_SELECTOR, "#sessions li .state").text
    check("±" in label, f"the session's line says {label!r}")
    driver.save_screenshot(f"{out}/session.png")

    # Big venues: the 85,000 m² convention centre and the 443 units of Polymap's campus, every
    # level drawn, none taking long enough to look frozen.
    replay.terminate()
    big = []
    for name in ["convention", "polymap"]:
        driver.get(url + f"/#venue={name}")
        driver.refresh()
        started = time.time()
        WebDriverWait(driver, 60).until(EC.text_to_be_present_in_element((By.ID, "status"), f"{name}: "))
        seconds = {"open": time.time() - started}
        units = driver.execute_script("return state.features.filter((f) => !f.properties.derived).length")
        for button in driver.find_elements(By.CSS_SELECTOR, "#levels button"):
            started = time.time()
            button.click()
            # A script runs only once the page is free again: the time until it does is the draw.
            driver.execute_script("return state.ordinal")
            seconds["level " + button.get_attribute("data-ordinal")] = time.time() - started
        slow = {k: round(v, 2) for k, v in seconds.items() if v > 10}
        check(not slow, f"{name} took over 10 s to draw: {slow}")
        driver.save_screenshot(f"{out}/{name}.png")
        big.append(f"{name} ({units} units) in " + ", ".join(f"{k} {v:.2f} s" for k, v in seconds.items()))
    check(max(int(re.search(r"\((\d+) units", b).group(1)) for b in big) >= 300, f"no big venue: {big}")

    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    check(not errors, f"console errors: {errors}")
    print(f"web map: office drawn (3 levels), level switched, place card of {target['name']}, "
          f"radio layers {'; '.join(drawn.values())}, "
          f"session {session[:8]}… followed over levels {sorted(seen_levels)} "
          f"({len(positions)} positions), drawn: {'; '.join(big)}, no console errors; screenshots in {out}")
finally:
    if replay is not None and replay.poll() is None:
        replay.terminate()
    driver.quit()
