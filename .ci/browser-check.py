#!/usr/bin/env python3
"""The replay page (`fling view`) checked in a real browser: headless Chromium over the DevTools
protocol (.ci/cdp.py, standard library only).

For every fixture it writes the page and the run's exact state at every frame
(`fling view FILE --json OUT`), steps the page to chosen frames and reads back what it drew and
what its panel shows: the numbers shown are compared bit for bit (the shown text parsed back to
a double, and the bit patterns the page carries), the drawn shapes within half a point; each
item listed once, the stage's tiles without a row once more in their state; the paths, outlines
and fingers exactly those of the frames before it within its stage. A generated trace of tiles
that come and go (culled, reset, culled again; removed and added back; added late) is read back
every third frame. It checks the controls (a key steps one frame, the step buttons, a click on
the timeline jumps, play advances, space pauses, the paths toggle), that the page loaded nothing
but itself and broke no Content-Security-Policy rule, that a page of two runs that differ opens
at the first divergence and names it and one of equal runs says they are equal, and playing on
a 60 Hz screen the check steps (redraws a second at 24, 30 and 60 Hz, the frame shown against
the run's time, each frame once at the run's own rate). With --screenshots DIR it also writes
the pictures of docs/CLI.md; with --measure, the size and load time of a 10-minute, 20-tile session's
page.

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
        if "radius" in v:
            close(label + " radius", [float(a["r"])], [v["radius"]])
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


def stage_index(dump, frame):
    """The stage frame `frame` belongs to (the last one that starts at or before it)."""
    k = 0
    for n, s in enumerate(dump["stages"]):
        if s["firstFrame"] <= frame:
            k = n
    return k


def input_stages(dump):
    """Each input's stage. Inputs come stage by stage; one applied after its stage's last frame
    carries the next stage's first frame, and its time (since its own stage began) tells it from
    the next stage's first input."""
    stages, out, at = dump["stages"], [], 0
    for i in dump["inputs"]:
        frame, t = i[8], double(i[6])
        while at + 1 < len(stages) and frame >= stages[at + 1]["firstFrame"]:
            st = stages[at]
            interval = (double(st["frameInterval"]) if st.get("frameInterval") else 0)
            if frame == st["firstFrame"] + st["frameCount"] and abs(t - st["frameCount"] * interval) < abs(t):
                break
            at += 1
        out.append(at)
    return out


def tile_state(dump, frame, ident):
    """Where tile `ident` of the frame's stage is when the frame has no row for it: resting (at
    home), culled, removed, or unadded (its first operation in the stage adds it). Changes in
    frame order, a frame's inputs (applied before it) before its events."""
    k = stage_index(dump, frame)
    st = dump["stages"][k]
    first, end = st["firstFrame"], st["firstFrame"] + st["frameCount"]
    ops = {"reset": "resting", "addTile": "resting", "removeTile": "removed"}
    changes = []
    for n, (i, s) in enumerate(zip(dump["inputs"], dump["input_stage"])):
        if s == k and i[1] in ops and i[7].split(" ")[1] == str(ident):
            changes.append((i[8], 0, n, ops[i[1]], i[1]))
    for n, e in enumerate(dump["events"]):
        if e[1] == "tile" and e[2] == ident and first <= e[0] < end:
            changes.append((e[0], 1, n, "culled" if e[3] == "culled" else "resting", e[3]))
    inputs = [c for c in changes if c[1] == 0]
    state = "unadded" if inputs and inputs[0][4] == "addTile" else "resting"
    for c in sorted(changes):
        if c[0] <= frame:
            state = c[3]
    return state


def keyed(state):
    return {f"{i['kind']}:{i['id']}": i for i in state["items"]}


def check_listing(rb, dump, state, where):
    """Every item of the frame listed once, in its own block; every tile of the stage without a
    row listed once more, by its state; nothing else. A tile drawn at home only when resting."""
    want = keyed(state)
    listed = rb["panelItems"]
    twice = sorted({k for k in listed if listed.count(k) > 1})
    if twice:
        fail(f"{where}: the panel lists {twice} more than once")
    frame = state["frame"]
    expected = {}
    for s in stage_of(dump, frame)["items"]:
        key = f"tile:{s['id']}"
        if s["kind"] == "tile" and key not in want:
            st = tile_state(dump, frame, s["id"])
            if st != "unadded":
                expected[key] = st
    shown = [r["item"] for r in rb["resting"]]
    if sorted(shown) != sorted(expected) or len(set(shown)) != len(shown):
        fail(f"{where}: the panel lists {sorted(shown)} as without a row, the frame's stage has {sorted(expected)} "
             f"(the frame holds {sorted(want)})")
    for r in rb["resting"]:
        if r["item"] in expected and r["state"] != expected[r["item"]]:
            fail(f"{where}: {r['item']} is listed as {r['state']!r}, it is {expected[r['item']]}")
    drawn_home = {d["item"] for d in rb["drawn"] if d["run"] == 0 and d["attrs"].get("data-state") == "resting"}
    home = {k for k, st in expected.items() if st == "resting"}
    if drawn_home != home:
        fail(f"{where}: drawn at home {sorted(drawn_home)}, resting {sorted(home)}")


OUTLINED = ("tile", "head", "knob", "bubble", "subpath")


def check_history(rb, dump, state, where, frames_at):
    """The paths and outlines: each item's path over the frames before this one in which it was
    there without a gap (at most 600), its outlines every sixth frame up to 60 back, all within
    the frame's stage; and the fingers of the stage only."""
    frame = state["frame"]
    first = stage_of(dump, frame)["firstFrame"]
    schema = {s["kind"]: s["fields"] for s in dump["schema"]}

    def at(f):
        if f not in frames_at:
            raise RuntimeError(f"{where}: frame {f} was not dumped")
        return keyed(frames_at[f])

    trails = {t["item"]: t for t in rb["trails"] if t["run"] == 0}
    want_trails = {}
    for key, item in keyed(state).items():
        if "x" not in schema[item["kind"]]:
            continue
        points, f = [], frame
        while f >= first and frame - f < 600 and key in (now := at(f)):
            v = now[key]["values"]
            points.append((double(v["x"]), double(v["y"])))
            f -= 1
        if len(points) > 1:
            want_trails[key] = (f + 1, [c for p in reversed(points) for c in p])
    if sorted(trails) != sorted(want_trails):
        fail(f"{where}: paths drawn for {sorted(trails)}, expected {sorted(want_trails)}")
    for key, (start, coords) in want_trails.items():
        t = trails.get(key)
        if t:
            if t["from"] != start:
                fail(f"{where} {key}: the path starts at frame {t['from']}, expected {start} (stage from {first})")
            close(f"{where} {key} path", numbers(t["points"]), coords)

    ghosts = {(g["item"], g["from"]): g for g in rb["ghosts"] if g["run"] == 0}
    want_ghosts = {}
    for key, item in keyed(state).items():
        if item["kind"] not in OUTLINED:
            continue
        for g in range(frame - 6, max(first, frame - 60) - 1, -6):
            then = at(g)
            if key in then:
                want_ghosts[(key, g)] = then
    if sorted(ghosts) != sorted(want_ghosts):
        extra = sorted(set(ghosts) - set(want_ghosts))[:4]
        missing = sorted(set(want_ghosts) - set(ghosts))[:4]
        fail(f"{where}: outlines drawn {len(ghosts)}, expected {len(want_ghosts)} (stage from {first}; "
             f"not expected {extra}, missing {missing})")
    for (key, g), then in want_ghosts.items():
        e = ghosts.get((key, g))
        if e:
            item = then[key]
            values = {k: double(b) for k, b in item["values"].items()}
            check_drawn(f"{where} {key} outline of frame {g}", item["kind"], item["id"], e, values, item,
                        frames_at[g]["items"], dump, g)

    # Fingers: the strokes of this stage, each touch from its `began`.
    k = stage_index(dump, frame)
    strokes, open_ = [], {}
    for i, s in zip(dump["inputs"], dump["input_stage"]):
        if i[1] != "touch" or i[4] is None or s != k:
            continue
        stroke = open_.get(i[2])
        if i[3] == "began" or stroke is None:
            stroke = open_[i[2]] = {"touch": i[2], "points": []}
            strokes.append(stroke)
        stroke["points"].append((i[8], double(i[4]), double(i[5]), i[3]))
        if i[3] in ("ended", "cancelled"):
            del open_[i[2]]
    want_fingers = []
    for stroke in strokes:
        applied = [p for p in stroke["points"] if p[0] <= frame]
        if not applied:
            continue
        last = applied[-1]
        down = last[3] in ("began", "moved")
        if down or last[0] >= frame - 30:
            want_fingers.append((stroke["touch"], last[1], last[2], down))
    got = sorted((int(f["data-touch"]), float(f["cx"]), float(f["cy"]), f["data-down"] == "1") for f in rb["fingers"])
    want_fingers.sort()
    if len(got) != len(want_fingers) or any(
            g[0] != w[0] or g[3] != w[3] or abs(g[1] - w[1]) > TOLERANCE or abs(g[2] - w[2]) > TOLERANCE
            for g, w in zip(got, want_fingers)):
        fail(f"{where}: fingers drawn {got}, the stage's touches give {want_fingers}")


def check_frame(page, dump, state, label, frames_at=None):
    """Reads the page back at `state`'s frame and compares it with the state (and, given the
    frames before it, its paths, outlines and fingers)."""
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
    check_listing(rb, dump, state, where)
    if frames_at is not None:
        check_history(rb, dump, state, where, frames_at)
    return compared


def chosen_frames(dump, count):
    """The first, a quarter, half, three quarters, the last, the first of each kind of event, and
    in a run of several stages each stage's first frame and its 20th (where the stage before
    would still be within an item's path and outlines)."""
    frames = {0, count // 4, count // 2, (3 * count) // 4, count - 1}
    first = {}
    for e in dump["events"]:
        first.setdefault(e[3], e[0])
    frames |= {f for f in first.values() if 0 <= f < count}
    if len(dump["stages"]) > 1:
        for s in dump["stages"]:
            frames |= {s["firstFrame"] + k for k in (0, 19) if k < s["frameCount"]}
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


def check_fixture(browser, binary, path, work, every=None, label=None):
    """The page of `path` read back at the chosen frames (with `every`, at every so many frames
    and each event's too)."""
    label = label or os.path.relpath(path, FIXTURES)
    page_path = os.path.join(work, os.path.basename(path) + ".html")
    fling(binary, "view", path, "--html", page_path)
    dump = json.loads(fling(binary, "view", path, "--json", "-"))  # every frame
    dump["input_stage"] = input_stages(dump)
    count = dump["count"]
    frames_at = {f["frame"]: f for f in dump["frames"]}
    frames = chosen_frames(dump, count)
    if every:
        frames = sorted(set(frames) | set(range(0, count, every)) | {e[0] for e in dump["events"] if e[0] < count})
    dump["frames"] = [frames_at[f] for f in frames]
    page = browser.page()
    url = "file://" + page_path
    seconds = page.open(url)
    compared = 0
    for state in dump["frames"]:
        page.eval(f"flingView.seek({state['frame']})")
        compared += check_frame(page, dump, state, label, frames_at) or 0
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
    equal = page.eval("(function(){const e=document.getElementById('equal');return e&&!e.hidden&&e.offsetHeight>0?e.textContent:null;})()")
    if expected is None:
        if banner is not None or not out.startswith("equal: "):
            fail(f"{label}: equal runs, but the page names a divergence: {banner}")
        count = dump_a["count"]
        if not equal or not re.search(r"\bequal\b", equal, re.I) or f"{count} {dump_a['frameUnit']}s" not in equal:
            fail(f"{label}: equal runs, and the page does not say they are equal over their {count} frames ({equal!r})")
        print(f"  {label}: the runs are the same, and the page says so: {equal!r}")
    else:
        frame, item, field = expected
        if at != frame or not banner or banner[1] != frame or banner[2] != item or banner[3] != field:
            fail(f"{label}: opened at frame {at} naming {banner}; the runs first differ at frame {frame}, {item} {field}")
        local = dump_a["frames"][frame]["local"]
        named = f"{dump_a['frameUnit']} {local}"
        if banner and (named not in banner[0] or item.replace(":", " ") not in banner[0] or field not in banner[0]):
            fail(f"{label}: the banner {banner[0]!r} does not name {named}, {item}, {field}")
        if equal is not None:
            fail(f"{label}: the runs differ, and the page says {equal!r}")
        print(f"  {label}: opens at frame {at}, {banner[0][:110] if banner else ''}…")
        rb = json.loads(page.eval("JSON.stringify(flingView.readback())"))
        if not any(d["run"] == 1 for d in rb["drawn"]):
            fail(f"{label}: the second run is not drawn")
    check_isolation(page, label, url)
    if screenshot:
        page.screenshot(screenshot)
    page.close()


# ---- Tiles that come and go ----

def lifecycle_trace(path):
    """Tiles 1 and 2 on a phone screen, and tile 3 added later: tile 1 flung off screen
    (culled), reset, flung off again (culled again); tile 2 removed and added back; tile 3
    added at tick 30. Each frame must list and draw each tile as it is then."""
    tick = 1 / 60
    defs = [{"id": i, "frame": {"x": x, "y": 100, "width": 84, "height": 120}, "mass": 1} for i, x in ((1, 40), (2, 240))]
    added = {"id": 3, "frame": {"x": 140, "y": 400, "width": 84, "height": 120}, "mass": 1}
    events = [{"tick": 20, "removeTile": 2}, {"tick": 30, "addTile": added}, {"tick": 70, "addTile": defs[1]},
              {"tick": 100, "reset": 1}]
    for touch, start in ((1, 0.1), (2, 2.0)):
        x, y = 82, 160
        events.append({"time": start, "touch": touch, "phase": "began", "position": {"x": x, "y": y}, "tile": 1})
        for k in range(1, 16):
            y += 2000 / 60
            events.append({"time": round(start + k / 60, 4), "touch": touch, "phase": "moved", "position": {"x": x, "y": y}})
        events.append({"time": round(start + 16 / 60, 4), "touch": touch, "phase": "ended", "position": {"x": x, "y": y}})
    for e in events:
        if "time" in e:
            e["tick"] = max(1, math.ceil(round(e["time"] / tick, 9)))
    events.sort(key=lambda e: ((e["tick"] - 0.5) * tick if "time" not in e else e["time"]))
    trace = {
        "format": "fling-trace", "version": 2, "name": "tiles that come and go", "arithmetic": "portable",
        "scenes": [{
            "viewport": {"x": 0, "y": 0, "width": 390, "height": 844},
            "configuration": {
                "tick": tick, "maxFrameInterval": 0.25, "gravity": {"x": 0, "y": 2000}, "solverIterations": 10,
                "dragMaxAcceleration": 50000, "dragErrorBias": 5.822849199347174e-05,
                "attraction": {"frequency": 2.5, "dampingRatio": 0.55}, "rotation": {"frequency": 2.5, "dampingRatio": 0.7},
                "releaseRule": {"kind": "alwaysFall"},
                "settle": {"distance": 0.5, "speed": 10, "angle": 0.005, "angularSpeed": 0.05, "ticks": 6}, "cullMargin": 20,
            },
            "tiles": defs, "run": {"duration": 3.5, "stopWhenIdle": False}, "events": events,
        }],
    }
    with open(path, "w") as f:
        json.dump(trace, f)


def check_lifecycle(browser, binary, work):
    path = os.path.join(work, "come-and-go.json")
    lifecycle_trace(path)
    dump = json.loads(fling(binary, "view", path, "--json", "-", "--frames", "0"))
    culls = [e[0] for e in dump["events"] if e[1] == "tile" and e[2] == 1 and e[3] == "culled"]
    if len(culls) != 2:
        fail(f"tiles that come and go: tile 1 culled at frames {culls}, the trace means it to be culled twice")
    check_fixture(browser, binary, path, work, every=3, label="tiles that come and go")


# ---- Predictions: a released tile's predicted end pose, until it gets there ----

def check_predictions(browser, binary, work):
    """`fling view --predict`: each release's predicted end pose drawn as an outline at that pose
    (within half a point) in every frame from the release until the tile gets there, and in none
    from then on; a page without --predict draws none. Over the trace fixtures whose tiles go home,
    fall off, or are taken again."""
    drawn = 0
    for name in ("slow-drag-attract.json", "fling-down.json", "regrab-falling.json"):
        path = os.path.join(FIXTURES, "traces", name)
        page_path = os.path.join(work, "predicted-" + name + ".html")
        fling(binary, "view", path, "--predict", "--html", page_path)
        dump = json.loads(fling(binary, "view", path, "--predict", "--json", "-", "--frames", "0"))
        plain = json.loads(fling(binary, "view", path, "--json", "-", "--frames", "0"))
        if plain["predictions"]:
            fail(f"{name}: a page without --predict lists predictions")
        if not dump["predictions"]:
            fail(f"{name}: no prediction listed")
            continue
        page = browser.page()
        page.open("file://" + page_path)
        count = dump["count"]
        for kind, ident, frame, until, outcome, xb, yb, ab in dump["predictions"]:
            key = f"{kind}:{ident}"
            f = facts(dump, kind, ident, frame)
            want = [c for p in corners(double(xb), double(yb), double(ab), f["width"], f["height"]) for c in p]
            for at in sorted({frame, (frame + until) // 2, until - 1, until, min(until + 3, count - 1)}):
                if at < 0 or at >= count:
                    continue
                page.eval(f"flingView.seek({at})")
                rb = json.loads(page.eval("JSON.stringify(flingView.readback())"))
                mine = [p for p in rb["predictions"] if p["item"] == key and p["run"] == 0]
                where = f"{name} {key} released at frame {frame}, there after {until}: frame {at}"
                if frame <= at < until:
                    if len(mine) != 1:
                        fail(f"{where}: {len(mine)} outlines drawn, expected 1")
                        continue
                    close(where, numbers(mine[0]["attrs"]["points"]), want)
                    if mine[0]["outcome"] != outcome or mine[0]["attrs"].get("fill") != "none":
                        fail(f"{where}: drawn {mine[0]['outcome']} filled {mine[0]['attrs'].get('fill')}, expected {outcome}, an outline")
                    drawn += 1
                elif mine:
                    fail(f"{where}: still drawn where the tile is there (or the prediction superseded)")
        page.close()
    print(f"  predictions: {drawn} outlines read back at their predicted poses, none once the tiles got there")


# ---- Playing: redraws a second and frames shown, on a screen of 60 Hz ----

# A screen of exactly 60 Hz that the check steps: requestAnimationFrame's callbacks run when the
# check says a screen frame has passed, with that frame's timestamp, and performance.now() reads
# the same clock; after each screen frame it notes the frame the page shows. (Given to the page
# before its own script runs, over the DevTools protocol, which no Content-Security-Policy
# governs.)
SCREEN = """
(function () {
  let n = 0, queue = [];
  const period = 1000 / 60;
  window.requestAnimationFrame = function (callback) { queue.push(callback); return queue.length; };
  window.cancelAnimationFrame = function () {};
  performance.now = function () { return n * period; };
  window.screen60 = function (count) {
    const shown = [];
    for (let k = 0; k < count; k++) {
      n++;
      const due = queue;
      queue = [];
      due.forEach(function (callback) { callback(n * period); });
      shown.push(+document.getElementById('stage').getAttribute('data-frame'));
    }
    return shown;
  };
})();
"""


def check_playback(browser, binary, work):
    """On a 60 Hz screen: at a display rate of 24 Hz the page redraws 24 times a second (within
    5 %), whatever the run's own rate; the frame each screen frame shows is the one of the run's
    time since play began, never ahead of it and at most one display period and one frame behind;
    and at the run's own rate (24 Hz at 24, 60 at 60, or every screen frame) each frame is shown
    once, in order."""
    # A 60 Hz trace (7.6 s), and the day-night scene sampled at 24 Hz (5 s).
    trace = os.path.join(FIXTURES, "traces", "bounce-corners.json")
    with open(os.path.join(FIXTURES, "scenes", "day-night.json")) as f:
        doc = json.load(f)
    doc["sampling"]["rate"] = 24
    doc.pop("expected", None)  # its pins are the 60 Hz run's
    scene = os.path.join(work, "day-night-24.json")
    with open(scene, "w") as f:
        json.dump(doc, f)
    cases = [
        # (document, display rate, speed, screen frames, expected redraws a second, each frame once)
        (trace, "24", 1, 301, 24, False),
        (trace, "24", 2, 181, 24, False),
        (trace, "60", 1, 301, 60, True),
        (trace, "30", 1, 301, 30, False),
        (scene, "24", 1, 241, 24, True),
        (scene, "60", 1, 241, 24, True),
        (scene, "0", 1, 241, 24, True),
    ]
    pages = {}
    for path, rate, speed, frames, per_second, each_once in cases:
        if path not in pages:
            page_path = os.path.join(work, "play-" + os.path.basename(path) + ".html")
            fling(binary, "view", path, "--html", page_path)
            dump = json.loads(fling(binary, "view", path, "--json", "-"))
            page = browser.page()
            page.send("Page.addScriptToEvaluateOnNewDocument", {"source": SCREEN})
            page.open("file://" + page_path)
            pages[path] = (page, [double(f["time"]) for f in dump["frames"]], page_path)
        page, times, page_path = pages[path]
        label = f"{os.path.basename(path)} at {rate if rate != '0' else 'every screen frame'}" + (" Hz" if rate != "0" else "") \
            + (f", {speed}x" if speed != 1 else "")
        page.eval("flingView.seek(0)")
        page.eval(f"(function(){{const s=document.getElementById('speed');s.value='{speed}';s.dispatchEvent(new Event('change'));"
                  f"const r=document.getElementById('rate');r.value='{rate}';r.dispatchEvent(new Event('change'));}})()")
        page.eval("flingView.play()")
        shown = page.eval(f"screen60({frames})")
        page.eval("flingView.pause()")
        seconds = (frames - 1) / 60  # play's clock starts at the first screen frame after play()
        redraws = sum(1 for a, b in zip([0] + shown, shown) if a != b)
        rate_seen = redraws / seconds
        if abs(rate_seen - per_second) > 0.05 * per_second:
            fail(f"{label}: {redraws} redraws in {seconds:.3f} s of a 60 Hz screen, {rate_seen:.2f} a second, not {per_second}")
        # The frame shown against the run's time since play began.
        period = 1 / (int(rate) if rate != "0" else 60)
        interval = times[1] - times[0]
        late = 0.0
        for n, f in enumerate(shown):
            behind = n / 60 * speed - (times[f] - times[0])
            late = max(late, behind)
            # A redraw may come a millisecond early (for timestamps' jitter); it shows the frame of
            # its own instant, at most one display period before the screen frame's.
            if behind < -0.001 * speed - 1e-9 or behind >= period * speed + interval:
                fail(f"{label}: {n / 60:.4f} s into play the page shows frame {f} "
                     f"({times[f] - times[0]:.4f} s into the run)")
                break
        distinct = [f for a, f in zip([0] + shown, shown) if a != f]
        if each_once and distinct != list(range(1, len(distinct) + 1)):
            skipped = sorted(set(range(1, max(distinct or [0]) + 1)) - set(distinct))
            fail(f"{label}: frames shown {distinct[:12]}…; not each frame once in order (skipped {skipped[:8]})")
        print(f"  {label}: {redraws} redraws in {seconds:.3f} s ({rate_seen:.2f} a second), frames 0 to {shown[-1]} "
              f"of {len(times)}, at most {late * 1000:.1f} ms of run time behind" + ("; each frame once" if each_once else ""))
    for page, _, page_path in pages.values():
        check_isolation(page, "playing " + os.path.basename(page_path), "file://" + page_path)
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
                around = sorted({g for f in frames for g in range(max(0, f - 600), f + 1)})
                dump = json.loads(fling(binary, "view", trace, "--json", "-", "--frames", ",".join(map(str, around))))
                dump["input_stage"] = input_stages(dump)
                frames_at = {f["frame"]: f for f in dump["frames"]}
                for f in frames:
                    page.eval(f"flingView.seek({f})")
                    check_frame(page, dump, frames_at[f], "10-minute session", frames_at)
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
            check_lifecycle(browser, binary, work)
            print("== predictions")
            check_predictions(browser, binary, work)
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
            print("== playing on a 60 Hz screen")
            check_playback(browser, binary, work)
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
