#!/usr/bin/env python3
"""The replay page (`fling view`) checked in a real browser: headless Chromium over the DevTools
protocol (.ci/cdp.py, standard library only).

For every fixture it writes the page and the run's exact state at chosen frames
(`fling view FILE --json OUT --frames LIST`), steps the page to those frames and reads back what
it drew and what its panel shows: the numbers shown are compared bit for bit (the shown text
parsed back to a double, and the bit patterns the page carries), the drawn shapes within half a
point. It checks the controls (a key steps one frame, the step buttons, a click on the timeline
jumps, play advances, space pauses, the paths toggle), that the page loaded nothing but itself
and broke no Content-Security-Policy rule, and that a page of two runs that differ opens at the
first divergence and names it. With --screenshots DIR it also writes the README's pictures;
with --measure, the size and load time of a 10-minute, 20-tile session's page.

Usage: .ci/browser-check.py FLING [--screenshots DIR] [--measure] [--only NAME]
"""

import json
import math
import os
import random
import re
import statistics
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "FlingTests", "Fixtures")
TOLERANCE = 0.5  # points, for what the page only draws
failures = []


def fail(message):
    failures.append(message)
    print("  FAIL " + message)


def double(bits_hex):
    return struct.unpack(">d", bytes.fromhex(bits_hex))[0]


def bits(x):
    return struct.pack(">d", x).hex()


def fling(binary, *args):
    result = subprocess.run([binary, *args], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"fling {' '.join(args)}: {result.stderr.strip()}")
    return result.stdout


def numbers(text):
    return [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?(?:e[-+]?\d+)?", text)]


# ---- What the page must draw, from the exact state ----

def stage_of(dump, frame):
    stages = [s for s in dump["stages"] if s["firstFrame"] <= frame]
    return stages[-1] if stages else dump["stages"][0]


def facts(dump, kind, ident, frame):
    for s in stage_of(dump, frame)["items"]:
        if s["kind"] == kind and s["id"] == ident:
            return {k: double(v) for k, v in s["facts"].items()}
    return {}


def corners(x, y, a, w, h):
    c, s = math.cos(a), math.sin(a)
    return [(x + dx * c - dy * s, y + dx * s + dy * c) for dx, dy in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))]


def close(label, got, want, tolerance=TOLERANCE):
    if len(got) != len(want):
        fail(f"{label}: drew {len(got)} numbers, expected {len(want)}")
        return
    for g, w in zip(got, want):
        if not abs(g - w) <= tolerance:
            fail(f"{label}: drew {got}, the state gives {[round(v, 4) for v in want]}")
            return


def check_drawn(label, kind, ident, element, v, item, frame_items, dump, frame):
    a = element["attrs"]
    f = facts(dump, kind, ident, frame)
    if kind == "tile":
        want = [c for p in corners(v["x"], v["y"], v["angle"], f["width"], f["height"]) for c in p]
        close(label, numbers(a["points"]), want)
    elif kind in ("head", "knob"):
        close(label, [float(a["cx"]), float(a["cy"]), float(a["r"])], [v["x"], v["y"], f["diameter"] / 2 * v["scale"]])
    elif kind == "panel":
        close(label, [float(a[k]) for k in ("x", "y", "width", "height")], [v["x"], v["y"], max(0, v["width"]), max(0, v["height"])])
    elif kind == "bubble":
        close(label, [float(a["cx"]), float(a["cy"]), float(a["r"])], [v["x"], v["y"], v["size"] * v["scale"] / 2])
    elif kind == "cloud":
        close(label, [float(a[k]) for k in ("cx", "cy", "rx", "ry")], [v["x"], v["y"], f["width"] / 2, f["height"] / 2])
        close(label + " opacity", [float(a["opacity"])], [v["alpha"]], 0.001)
    elif kind == "dot":
        close(label, [float(a["cx"]), float(a["cy"])], [v["x"], v["y"]])
        close(label + " opacity", [float(a["opacity"])], [v["alpha"]], 0.001)
    elif kind == "subpath":
        points = [double(p) for p in item["points"]]
        close(label, numbers(a["d"]), points)
        if ("Z" in a["d"]) != (v["closed"] == 1):
            fail(f"{label}: closed is {v['closed']}, the path's d is {a['d'][:40]}…")
    elif kind == "rays":
        knob = next(i for i in frame_items if i["kind"] == "knob")
        kx, ky = double(knob["values"]["x"]), double(knob["values"]["y"])
        got = numbers(a["transform"])
        # The rays turn about the knob: half a point at their tips, 40 points out.
        close(label + " center", got[:2], [kx, ky])
        close(label + " angle", [math.radians(got[2]) * 40], [v["angle"] * 40])
        close(label + " opacity", [float(a["opacity"])], [v["alpha"]], 0.001)
    elif kind == "sky":
        rotation = re.search(r"rotate\(([^ )]+)", " ".join(element.get("transforms", [])))
        if not rotation:
            fail(f"{label}: no turning wheel drawn")
        else:
            # The sun sits 0.7 view heights out from the wheel's center.
            radius = double(stage_of(dump, frame)["viewport"][3]) * 0.7
            close(label + " wheel", [math.radians(float(rotation.group(1))) * radius], [v["rotation"] * radius])
        close(label + " stars", [float(a["data-star-alpha"])], [v["starAlpha"]], 0.001)
    else:
        fail(f"{label}: no check for item kind {kind}")


def check_frame(page, dump, state, label):
    """Reads the page back at `state`'s frame and compares it with the state."""
    rb = json.loads(page.eval("JSON.stringify(flingView.readback())"))
    where = f"{label} frame {state['frame']}"
    if rb["frame"] != state["frame"] or int(rb["tick"]) != state["local"]:
        fail(f"{where}: the page is at frame {rb['frame']} ({rb['tick']}), expected {state['frame']} ({state['local']})")
        return
    shown_time = re.search(r"t = (\S+) s", rb["timeText"])
    if rb["timeBits"] != state["time"] or not shown_time or bits(float(shown_time.group(1))) != state["time"]:
        fail(f"{where}: time shown {rb['timeText']!r} ({rb['timeBits']}), the replay's is {double(state['time'])!r} ({state['time']})")
    if state["digest"]:
        mine = [d for d in rb["digests"] if d["run"] == 0]
        if not mine or mine[0]["digest"] != state["digest"] or state["digest"] not in mine[0]["text"]:
            fail(f"{where}: digest shown {mine}, the replay's is {state['digest']}")
    schema = {s["kind"]: s["fields"] for s in dump["schema"]}
    rows = {r["item"]: r for r in rb["panel"] if r["run"] == 0}
    drawn = {d["item"]: d for d in rb["drawn"] if d["run"] == 0}
    want = {f"{i['kind']}:{i['id']}": i for i in state["items"]}
    if set(rows) != set(want):
        fail(f"{where}: the panel lists {sorted(rows)}, the state has {sorted(want)}")
    compared = 0
    for key, item in want.items():
        values = {k: double(b) for k, b in item["values"].items()}
        row = rows.get(key)
        if row:
            if row["phase"] != (item["phase"] or ""):
                fail(f"{where} {key}: phase shown {row['phase']!r}, the state's is {item['phase']!r}")
            for name in schema[item["kind"]]:
                cell = row["fields"].get(name)
                expected = item["values"][name]
                if not cell or cell["bits"] != expected or bits(float(cell["text"])) != expected:
                    fail(f"{where} {key}.{name}: shown {cell}, the replay's bits are {expected} ({double(expected)!r})")
                compared += 1
            shown = row.get("points", [])
            if len(shown) != len(item["points"]):
                fail(f"{where} {key}: the panel shows {len(shown)} point coordinates, the state has {len(item['points'])}")
            for n, (cell, expected) in enumerate(zip(shown, item["points"])):
                if cell["bits"] != expected or bits(float(cell["text"])) != expected:
                    fail(f"{where} {key}.points[{n}]: shown {cell}, the replay's bits are {expected}")
                    break
                compared += 1
        element = drawn.get(key)
        if not element or element["attrs"].get("data-state") != "frame" or element["display"] == "none":
            fail(f"{where}: {key} is not drawn")
            continue
        check_drawn(f"{where} {key}", item["kind"], item["id"], element, values, item, state["items"], dump, state["frame"])
    for key, element in drawn.items():
        if key in want:
            continue
        kind, ident = key.split(":")
        if kind != "tile" or element["attrs"].get("data-state") != "resting":
            fail(f"{where}: {key} is drawn but not in the state")
            continue
        f = facts(dump, "tile", int(ident), state["frame"])
        close(f"{where} {key} at home", numbers(element["attrs"]["points"]),
              [c for p in corners(f["homeX"], f["homeY"], 0, f["width"], f["height"]) for c in p])
    return compared


def chosen_frames(dump_all_events, count):
    frames = {0, count // 4, count // 2, (3 * count) // 4, count - 1}
    first = {}
    for e in dump_all_events:
        first.setdefault(e[3], e[0])
    frames |= {f for f in first.values() if 0 <= f < count}
    return sorted(f for f in frames if 0 <= f < count)


def check_controls(page, label, count):
    if count < 3:
        return
    page.eval("flingView.seek(0)")
    page.key("ArrowRight", vk=39)
    if page.eval("flingView.frame()") != 1:
        fail(f"{label}: → did not step to frame 1 (at {page.eval('flingView.frame()')})")
    page.key("ArrowLeft", vk=37)
    if page.eval("flingView.frame()") != 0:
        fail(f"{label}: ← did not step back to frame 0")
    page.click_element("#fwd")
    page.click_element("#fwd")
    page.click_element("#back")
    if page.eval("flingView.frame()") != 1:
        fail(f"{label}: two clicks on ▶︎ and one on ◀︎ left frame {page.eval('flingView.frame()')}, not 1")
    page.click_element("#scrub", 0.5)
    at = page.eval("flingView.frame()")
    if abs(at - (count - 1) / 2) > max(2, count * 0.03):
        fail(f"{label}: a click in the middle of the timeline went to frame {at} of {count}")
    page.eval("flingView.seek(0)")
    page.click_element("#play")
    deadline = time.monotonic() + 2
    while page.eval("flingView.frame()") == 0 and time.monotonic() < deadline:
        time.sleep(0.01)
    if page.eval("flingView.frame()") <= 0:
        fail(f"{label}: two seconds of play left frame 0")
    # Space with nothing focused (a focused button would take it as a click): plays, then pauses.
    page.eval("flingView.pause(); flingView.seek(0); document.activeElement && document.activeElement.blur()")
    page.key(" ", code="Space", vk=32)
    if not page.eval("flingView.playing()"):
        fail(f"{label}: space did not play")
    page.key(" ", code="Space", vk=32)
    if page.eval("flingView.playing()"):
        fail(f"{label}: space did not pause")
    held = page.eval("flingView.frame()")
    time.sleep(0.2)
    if page.eval("flingView.frame()") != held:
        fail(f"{label}: the frame moved while paused")
    page.eval(f"flingView.seek({count // 2})")
    page.click_element("#paths")
    if page.eval("document.querySelectorAll('#stage .trail, #stage .finger-path').length") != 0:
        fail(f"{label}: paths still drawn with the toggle off")
    page.click_element("#paths")


def check_isolation(page, label, url):
    requests = [e["params"]["request"]["url"] for e in page.my_events("Network.requestWillBeSent")]
    if any(r != url for r in requests) or url not in requests:
        fail(f"{label}: the page requested {requests}, not just itself")
    policy = page.eval("(document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]')||{}).content")
    if not policy or not policy.startswith("default-src 'none'"):
        fail(f"{label}: no Content-Security-Policy that forbids loads ({policy!r})")
    violations = page.eval("flingView.violations")
    if violations:
        fail(f"{label}: Content-Security-Policy violations: {violations}")
    errors = [e for e in page.my_events("Runtime.exceptionThrown")]
    if errors:
        fail(f"{label}: script errors: {errors[0]['params']['exceptionDetails'].get('text')}")


def fixtures():
    out = []
    for folder in ("traces", "scenes", "paths"):
        for name in sorted(os.listdir(os.path.join(FIXTURES, folder))):
            if name.endswith(".json"):
                out.append(os.path.join(FIXTURES, folder, name))
    return out


def check_fixture(browser, binary, path, work):
    label = os.path.relpath(path, FIXTURES)
    page_path = os.path.join(work, os.path.basename(path) + ".html")
    fling(binary, "view", path, "--html", page_path)
    everything = json.loads(fling(binary, "view", path, "--json", "-", "--frames", "0"))
    count = everything["count"]
    frames = chosen_frames(everything["events"], count)
    dump = json.loads(fling(binary, "view", path, "--json", "-", "--frames", ",".join(map(str, frames))))
    page = browser.page()
    url = "file://" + page_path
    seconds = page.open(url)
    compared = 0
    for state in dump["frames"]:
        page.eval(f"flingView.seek({state['frame']})")
        compared += check_frame(page, dump, state, label) or 0
    check_controls(page, label, count)
    check_isolation(page, label, url)
    page.close()
    print(f"  {label}: {len(dump['frames'])} frames of {count} read back ({compared} numbers bit for bit), "
          f"{os.path.getsize(page_path):,} bytes, ready in {seconds * 1000:.0f} ms")
    return dump["kind"], len(dump["frames"])


def first_difference(a, b):
    """The first frame, item and field where two runs' dumps differ, in the order
    Run.firstDivergence walks them: per frame the inputs applied before it, the items present,
    each value (schema order), each shape point, each phase."""
    schema = {s["kind"]: s["fields"] for s in a["schema"]}
    for fa, fb in zip(a["frames"], b["frames"]):
        if fa["inputs"] != fb["inputs"]:
            pair = next(((x, y) for x, y in zip(fa["inputs"], fb["inputs"]) if x != y), None)
            if pair and pair[0][0] == pair[1][0]:
                # The same input in both, one field apart: named as Run.firstDivergence names it
                # (rows are [index, name, touch, phase, x bits, y bits]; the time is not dumped).
                column = next(c for c in range(1, 6) if pair[0][c] != pair[1][c])
                name = ["", "name", "touch", "phase", "position.x", "position.y"][column]
                return fa["frame"], "", f"inputs[{pair[0][0]}].{name}"
            n = pair[0] if pair else (fa["inputs"] + fb["inputs"])[0]
            return fa["frame"], "", f"inputs[{n[0]}]"
        ka = [f"{i['kind']}:{i['id']}" for i in fa["items"]]
        kb = [f"{i['kind']}:{i['id']}" for i in fb["items"]]
        if ka != kb:
            only = next(k for k in ka + kb if (k in ka) != (k in kb))
            return fa["frame"], only, "present"
        for ia, ib in zip(fa["items"], fb["items"]):
            for name in schema[ia["kind"]]:
                if ia["values"][name] != ib["values"][name]:
                    return fa["frame"], f"{ia['kind']}:{ia['id']}", name
            for n, (pa, pb) in enumerate(zip(ia["points"], ib["points"])):
                if pa != pb:
                    return fa["frame"], f"{ia['kind']}:{ia['id']}", f"points[{n}]"
            if ia["phase"] != ib["phase"]:
                return fa["frame"], f"{ia['kind']}:{ia['id']}", "phase"
    return None


def check_diff(browser, binary, work, a_path, b_args, label, screenshot=None):
    """A page of two runs opens at their first divergence and names it."""
    page_path = os.path.join(work, re.sub(r"[^a-z0-9]+", "-", label) + ".html")
    out = fling(binary, "view", a_path, *b_args, "--html", page_path)
    dump_a = json.loads(fling(binary, "view", a_path, "--json", "-"))
    b_file = b_args[0] if b_args and not b_args[0].startswith("--") else a_path
    b_backend = [b_args[i + 1].replace("-b", "") for i, x in enumerate(b_args) if x == "--backend-b"]
    dump_b = json.loads(fling(binary, "view", b_file, "--json", "-", *(["--backend", b_backend[0]] if b_backend else [])))
    expected = first_difference(dump_a, dump_b)
    page = browser.page()
    url = "file://" + page_path
    page.open(url)
    at = page.eval("flingView.frame()")
    banner = page.eval("(function(){const d=document.getElementById('divergence');"
                       "return d.hidden?null:[d.textContent,+d.getAttribute('data-frame'),d.getAttribute('data-item'),d.getAttribute('data-field')];})()")
    if expected is None:
        if banner is not None or not out.startswith("equal: "):
            fail(f"{label}: equal runs, but the page names a divergence: {banner}")
        print(f"  {label}: the runs are the same, and the page says so")
    else:
        frame, item, field = expected
        if at != frame or not banner or banner[1] != frame or banner[2] != item or banner[3] != field:
            fail(f"{label}: opened at frame {at} naming {banner}; the runs first differ at frame {frame}, {item} {field}")
        local = dump_a["frames"][frame]["local"]
        named = f"{dump_a['frameUnit']} {local}"
        if banner and (named not in banner[0] or item.replace(":", " ") not in banner[0] or field not in banner[0]):
            fail(f"{label}: the banner {banner[0]!r} does not name {named}, {item}, {field}")
        print(f"  {label}: opens at frame {at}, {banner[0][:110] if banner else ''}…")
        rb = json.loads(page.eval("JSON.stringify(flingView.readback())"))
        if not any(d["run"] == 1 for d in rb["drawn"]):
            fail(f"{label}: the second run is not drawn")
    check_isolation(page, label, url)
    if screenshot:
        page.screenshot(screenshot)
    page.close()


# ---- A 10-minute, 20-tile session ----

def long_session(path, minutes=10, tiles=20, seed=7, everyone=False):
    """A trace of `tiles` tiles in a grid on a phone screen, and a finger that every 0.6 to 1.2 s
    drags one of them for 0.2 to 0.5 s and lets go: some spring home, some are flung off screen
    and put back (a reset) a little later. With `everyone`, the worst case: no gravity and every
    release a fall, each tile nudged once and drifting for the rest of the session, so that all
    of them move on every tick."""
    rng = random.Random(seed)
    cols, rows = 4, 5
    grid = [(i % cols, i // cols) for i in range(tiles)]
    defs = [{"id": i + 1, "frame": {"x": 15 + 92 * c, "y": 60 + 150 * r, "width": 84, "height": 120}, "mass": 1} for i, (c, r) in enumerate(grid)]
    events, t, touch, tick = [], 0.2, 0, 1 / 60
    gone = {}
    duration = minutes * 60.0
    while t < duration - 3:
        for tile, back in list(gone.items()):
            if back <= t:
                events.append({"tick": math.ceil(t / tick) + 1, "reset": tile})
                del gone[tile]
        candidates = [d for d in defs if d["id"] not in gone]
        if everyone and touch >= tiles:
            break
        d = defs[touch] if everyone else rng.choice(candidates)
        touch += 1
        fr = d["frame"]
        x, y = fr["x"] + fr["width"] * rng.uniform(0.2, 0.8), fr["y"] + fr["height"] * rng.uniform(0.2, 0.8)
        fling_away = rng.random() < 0.3 and not everyone
        heading = rng.uniform(0, 2 * math.pi)
        speed = rng.uniform(1500, 2500) if fling_away else rng.uniform(1, 3) if everyone else rng.uniform(100, 400)
        events.append({"time": round(t, 4), "touch": touch, "phase": "began", "position": {"x": x, "y": y}, "tile": d["id"]})
        hold = rng.uniform(0.2, 0.5)
        steps = int(hold * 120)
        for s in range(1, steps + 1):
            x += math.cos(heading) * speed / 120
            y += math.sin(heading) * speed / 120
            events.append({"time": round(t + s / 120, 4), "touch": touch, "phase": "moved", "position": {"x": x, "y": y}})
        if everyone:
            # Held still before letting go: the tile is released at rest and stays on screen.
            hold += 0.2
            events.append({"time": round(t + hold, 4), "touch": touch, "phase": "moved", "position": {"x": x, "y": y}})
        events.append({"time": round(t + hold + 0.004, 4), "touch": touch, "phase": "ended", "position": {"x": x, "y": y}})
        if fling_away:
            gone[d["id"]] = t + hold + 2.5
        t += hold + rng.uniform(0.6, 1.2)
    # Tile operations carry ticks; touches their times: keep the file in order of application.
    def when(e):
        return (e["tick"] - 0.5) * tick if "tick" in e else e["time"]
    events.sort(key=when)
    for e in events:
        if "time" in e:
            e["tick"] = max(1, math.ceil(round(e["time"] / tick, 9)))
    trace = {
        "format": "fling-trace", "version": 2, "name": f"{minutes}-minute session, {tiles} tiles", "arithmetic": "portable",
        "scenes": [{
            "viewport": {"x": 0, "y": 0, "width": 390, "height": 844},
            "configuration": {
                "tick": tick, "maxFrameInterval": 0.25, "gravity": {"x": 0, "y": 0 if everyone else 2000}, "solverIterations": 10,
                "dragMaxAcceleration": 50000, "dragErrorBias": 5.822849199347174e-05,
                "attraction": {"frequency": 2.5, "dampingRatio": 0.55}, "rotation": {"frequency": 2.5, "dampingRatio": 0.7},
                "releaseRule": {"kind": "alwaysFall"} if everyone else {"kind": "projectedDistance", "lookahead": 0.15, "radius": 100},
                "settle": {"distance": 0.5, "speed": 10, "angle": 0.005, "angularSpeed": 0.05, "ticks": 6}, "cullMargin": 20,
            },
            "tiles": defs, "run": {"duration": duration, "stopWhenIdle": False}, "events": events,
        }],
    }
    with open(path, "w") as f:
        json.dump(trace, f)


def measure(browser, binary, work):
    results = []
    for everyone, what in ((False, "one finger at a time"), (True, "all 20 tiles moving on every tick")):
        trace = os.path.join(work, f"session-{int(everyone)}.json")
        long_session(trace, everyone=everyone)
        page_path = os.path.join(work, f"session-{int(everyone)}.html")
        start = time.monotonic()
        fling(binary, "view", trace, "--html", page_path)
        written = time.monotonic() - start
        everything = json.loads(fling(binary, "view", trace, "--json", "-", "--frames", "0"))
        count = everything["count"]
        size = os.path.getsize(page_path)
        times, inside = [], []
        for attempt in range(3):
            page = browser.page()
            times.append(page.open("file://" + page_path, timeout=120))
            inside.append(page.eval("flingView.readyAt"))
            if attempt == 0:
                frames = [count // 3, count // 2, count - 1]
                dump = json.loads(fling(binary, "view", trace, "--json", "-", "--frames", ",".join(map(str, frames))))
                for state in dump["frames"]:
                    page.eval(f"flingView.seek({state['frame']})")
                    check_frame(page, dump, state, "10-minute session")
                rows = page.eval("flingView.rows")
            page.close()
        print(f"  10 minutes, 20 tiles, {what}: {count} ticks, {rows:,} item rows, page {size:,} bytes "
              f"({size / 1e6:.1f} MB), written in {written:.1f} s; ready in Chromium in "
              f"{', '.join(f'{t:.2f}' for t in times)} s (median {statistics.median(times):.2f} s; "
              f"by the page's own clock {', '.join(f'{t / 1000:.2f}' for t in inside)} s)")
        results.append(statistics.median(times))
    return results


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        return 2
    binary = os.path.abspath(args[0])
    shots = args[args.index("--screenshots") + 1] if "--screenshots" in args else None
    only = args[args.index("--only") + 1] if "--only" in args else None
    chromium = cdp.find_chromium()
    if not chromium:
        print("no chromium found (.ci/browser-check installs Debian's)")
        return 1
    work = tempfile.mkdtemp(prefix="fling-view-")
    browser = cdp.Browser(chromium)
    started = time.monotonic()
    try:
        version = browser.send("Browser.getVersion")["product"]
        print(f"== fixtures in {version}")
        kinds = {}
        for path in fixtures():
            if only and only not in path:
                continue
            kind, frames = check_fixture(browser, binary, path, work)
            kinds[kind] = kinds.get(kind, 0) + frames
        print("  frames read back per kind: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
        if not only:
            print("== two runs side by side")
            # A touch moved by half a point, late in the drag: the runs part where it is applied.
            with open(os.path.join(FIXTURES, "traces", "fling-down.json")) as f:
                doc = json.load(f)
            moved = [e for e in doc["scenes"][0]["events"] if e.get("phase") == "moved"]
            moved[len(moved) // 2]["position"]["x"] += 0.5
            changed = os.path.join(work, "fling-down-moved.json")
            with open(changed, "w") as f:
                json.dump(doc, f)
            check_diff(browser, binary, work, os.path.join(FIXTURES, "traces", "fling-down.json"), [changed], "fling-down against a moved touch")
            # Portable against platform arithmetic: the corner grab turns the tile, and sine and
            # cosine part in their last bits (equal runs, on a machine where they do not, are
            # checked as equal).
            check_diff(browser, binary, work, os.path.join(FIXTURES, "traces", "corner-grab.json"),
                       ["--backend-b", "native"], "corner-grab portable against platform arithmetic",
                       os.path.join(shots, "view-diff.png") if shots else None)
            check_diff(browser, binary, work, os.path.join(FIXTURES, "scenes", "day-night.json"),
                       [os.path.join(FIXTURES, "scenes", "day-night.json")], "day-night against itself")
        if shots:
            page = browser.page()
            page_path = os.path.join(work, "two-fingers.json.html")
            page.open("file://" + page_path)
            page.eval("flingView.seek(20)")
            page.screenshot(os.path.join(shots, "view-player.png"))
            page.close()
            print(f"  screenshots in {shots}: view-player.png, view-diff.png")
        if "--measure" in args:
            print("== size and load time")
            measure(browser, binary, work)
    finally:
        browser.close()
    print(f"browser check: {len(failures)} failed, {time.monotonic() - started:.0f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
