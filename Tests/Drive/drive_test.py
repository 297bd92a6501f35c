#!/usr/bin/env python3
"""Tests of `accordion drive`, the JSON Lines session, through a pipe.

- Every snapshot a session answers is compared with what `render --format
  json` shows for the same steps: `--no-script --tap ...` for taps alone, a
  spec whose script holds the same steps for timed and other steps (and
  `--at T` for `{"snapshot": {"at": T}}`). The step sequences are random
  (seeded; the seed is printed, --seed replays it), so they are held back
  from the implementation.
- Malformed lines of many kinds (random bytes, invalid UTF-8, huge numbers,
  deep nesting, a line of megabytes, unknown keys, wrong types, unknown
  panels) are each answered with one error line naming their line number,
  and the session goes on to answer what follows.
- A session run one line at a time answers each line before the next is
  sent (a host can wait for each answer).
- An invalid SPEC is reported as `validate` reports it, exit 1, before any
  session starts.

Standard library only. Usage: drive_test.py ACCORDION [--seed N] [-v]
Prints one line per check and `drive: N passed, N failed`; exit 1 on any failure.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


from stage import Failure, run_checks


# A spec written in JSON (YAML 1.2 reads it as it is), so the test can add a script.
BASE_SPEC = {
    "accordion": 1,
    "title": "drive test",
    "container": {"width": 375, "height": 667, "headerHeight": 44, "expanded": "a",
                  "animation": {"duration": 0.3, "curve": "easeInOut"}},
    "panels": [
        {"id": "a", "title": "A", "color": "#1B5E20FF"},
        {"id": "b", "title": "B", "color": "#0D47A1FF"},
        {"id": "c", "title": "C", "color": "#4A148CFF"},
        {"id": "d", "title": "D", "color": "#B71C1CFF"},
    ],
}


def write_spec(directory, name, script=None, spec=None):
    spec = dict(spec or BASE_SPEC)
    if script is not None:
        spec["script"] = script
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        json.dump(spec, f, indent=1)
    return path


def drive(accordion, spec, lines, timeout=120):
    """Runs a whole session; returns the answers (parsed) and the exit code."""
    data = b"".join((l if isinstance(l, bytes) else l.encode()) + b"\n" for l in lines)
    p = subprocess.run([accordion, "drive", spec], input=data, capture_output=True, timeout=timeout)
    answers = [json.loads(line) for line in p.stdout.decode().splitlines()]
    return answers, p.returncode, p.stderr.decode(errors="replace")


def render(accordion, spec, *args):
    p = subprocess.run([accordion, "render", "--format", "json", *args, spec], capture_output=True, timeout=60)
    if p.returncode != 0:
        raise Failure(f"render {' '.join(args)} exited {p.returncode}: {p.stderr.decode()[-400:]}")
    return json.loads(p.stdout)


def first_difference(a, b, path="$"):
    if type(a) is not type(b) and not (isinstance(a, (int, float)) and isinstance(b, (int, float))):
        return f"{path}: {a!r} vs {b!r}"
    if isinstance(a, dict):
        if list(a) != list(b):
            return f"{path}: keys {list(a)} vs {list(b)}"
        for k in a:
            d = first_difference(a[k], b[k], f"{path}.{k}")
            if d:
                return d
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} items vs {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, f"{path}[{i}]")
            if d:
                return d
        return None
    return None if a == b else f"{path}: {a!r} vs {b!r}"


def same(drive_dump, render_dump, what):
    d = first_difference(drive_dump, render_dump)
    if d:
        raise Failure(f"{what}: drive and render differ at {d}")


# ------------------------------------------------------------------ sequences

def random_taps(rng, n):
    ids = [p["id"] for p in BASE_SPEC["panels"]]
    return [rng.choice(ids) if rng.random() < 0.7 else str(rng.randrange(len(ids))) for _ in range(n)]


def random_steps(rng, n):
    """Steps of every kind, some timed; some may be refused (drive says so)."""
    ids = [p["id"] for p in BASE_SPEC["panels"]]
    steps, clock = [], 0.0
    for _ in range(n):
        r = rng.random()
        if r < 0.4:
            step = {"tap": rng.choice(ids) if rng.random() < 0.7 else rng.randrange(len(ids))}
        elif r < 0.55:
            step = {"wait": rng.choice([0.05, 0.1, 0.2, 0.5])}
        elif r < 0.65:
            step = {"expand": rng.choice(ids + [None])}
        elif r < 0.72:
            step = {"resize": rng.choice([{"width": 667, "height": 375}, {"width": 375, "height": 667}])}
        elif r < 0.8:
            step = {"present": rng.choice(["Sign in", "Share"])}
        elif r < 0.83:
            step = {"dismiss": True}
        elif r < 0.87:
            # Some properties of a panel by id: enabling, disabling, a new title or rows.
            step = {"update": {"panel": rng.choice(ids)}}
            step["update"].update(rng.choice([{"disabled": True}, {"disabled": False}, {"title": "Renamed"},
                                              {"content": {"rows": ["r"] * rng.randrange(0, 8)}},
                                              {"title": "T", "titleColor": "#000000", "color": "#FFFFFF"}]))
        elif r < 0.91:
            # Ids only; a top-level panel, so only `open: true` opens it.
            target = rng.choice(ids)
            step = {"reveal": target if rng.random() < 0.5 else {"panel": target, "open": True}}
        else:
            keep = rng.sample(ids, rng.randrange(1, len(ids) + 1))
            step = {"setPanels": keep}
        if "wait" not in step and rng.random() < 0.35:
            clock += rng.choice([0.0, 0.1, 0.15, 0.4])
            step["at"] = round(clock, 3)
        steps.append(step)
    return steps


# ---------------------------------------------------------------------- checks

def check_taps_against_render(accordion, tmp, rng):
    """`--tap` sequences: every snapshot after each tap equals render --no-script --tap ..."""
    spec = write_spec(tmp, "taps.json", script=[{"tap": "c"}])
    compared = 0
    for _ in range(6):
        taps = random_taps(rng, rng.randrange(1, 7))
        lines = []
        for t in taps:
            lines.append(json.dumps({"tap": int(t) if t.isdigit() else t}))
            lines.append('{"snapshot": true}')
        answers, code, err = drive(accordion, spec, lines)
        if code != 0 or len(answers) != len(lines):
            raise Failure(f"session exit {code}, {len(answers)} answers to {len(lines)} lines: {err[-300:]}")
        for k in range(len(taps)):
            args = ["--no-script"] + [a for t in taps[:k + 1] for a in ("--tap", t)]
            same(answers[2 * k + 1]["snapshot"], render(accordion, spec, *args), f"taps {taps[:k + 1]}")
            compared += 1
    return f"{compared} snapshots equal render --tap"


def check_steps_against_scripts(accordion, tmp, rng):
    """Random steps of every kind, timed and not: each snapshot equals the
    render of a spec whose script holds the steps drive took so far, and each
    `snapshot: {at}` equals `render --at` of that spec."""
    compared = 0
    for case in range(8):
        steps = random_steps(rng, rng.randrange(3, 12))
        spec = write_spec(tmp, "base.json")
        lines = []
        for s in steps:
            lines.append(json.dumps(s))
            lines.append('{"snapshot": true}')
        answers, code, err = drive(accordion, spec, lines)
        if code != 0 or len(answers) != len(lines):
            raise Failure(f"session exit {code}, {len(answers)} answers to {len(lines)} lines: {err[-300:]}")
        taken = []
        for k, s in enumerate(steps):
            outcome = answers[2 * k]
            if outcome.get("line") != 2 * k + 1:
                raise Failure(f"answer {2 * k} names line {outcome.get('line')}, not {2 * k + 1}")
            if outcome.get("outcome") in ("applied", "ignored"):
                taken.append(s)
            else:
                # A refused step (rejected by the model, or naming a panel not
                # in the stack), written in a script, makes validate say the same.
                if outcome.get("outcome") == "rejected" and "error" in outcome:
                    message = outcome["error"]["message"]
                elif len(outcome.get("errors", [])) == 1:
                    message = outcome["errors"][0]["message"]
                else:
                    raise Failure(f"step {s} answered {outcome}")
                path = write_spec(tmp, f"refused{case}-{k}.json", script=taken + [s])
                p = subprocess.run([accordion, "validate", "--format", "json", path], capture_output=True, timeout=60)
                report = json.loads(p.stdout)
                messages = [d["message"] for d in report["diagnostics"] if d["severity"] == "error"]
                if p.returncode != 1 or message not in messages:
                    raise Failure(f"drive refused {s} with {message!r}; validate (exit {p.returncode}) says {messages}")
                compared += 1
            path = write_spec(tmp, f"steps{case}-{k}.json", script=taken)
            same(answers[2 * k + 1]["snapshot"], render(accordion, path), f"steps {taken}")
            compared += 1
        # A moment inside or after the last transition, asked of both.
        last = answers[-1]["snapshot"]
        t = (last["transition"]["start"] if last["transition"] else last["time"]) + rng.choice([0.0, 0.05, 0.2])
        at_answers, _, _ = drive(accordion, spec, [json.dumps(s) for s in steps] + [json.dumps({"snapshot": {"at": t}})])
        path = write_spec(tmp, f"steps{case}-at.json", script=taken)
        answer = at_answers[-1]
        if "snapshot" in answer:
            same(answer["snapshot"], render(accordion, path, "--at", repr(t)), f"steps {taken} at {t}")
            compared += 1
        elif answer.get("errors", [{}])[0].get("rule") != "snapshot-before-last-step":
            raise Failure(f"snapshot at {t} answered {answer}")
    return f"{compared} snapshots and refusals equal render/validate of the same script"


def check_new_panel_content(accordion, tmp, rng):
    """A panel a host defines in `setPanels` starts from the spec's own
    `container.content` measures, as it would in the spec's script."""
    spec = dict(BASE_SPEC)
    spec["container"] = dict(BASE_SPEC["container"], layout="fit",
                             content={"padding": 7, "fontSize": 13, "lineHeight": 23, "rowHeight": 31})
    steps = [
        {"setPanels": ["a", {"id": "t", "title": "Text", "content": {"text": "Short answer. " * rng.randrange(1, 9)}},
                       {"id": "r", "title": "Rows", "content": {"rows": ["One", {"title": "Two", "detail": "2"}]}},
                       {"id": "own", "title": "Own", "content": {"text": "Its own measures.", "padding": 3}}]},
        {"tap": "t"}, {"tap": "r"}, {"tap": "own"},
    ]
    lines = []
    for s in steps:
        lines += [json.dumps(s), '{"snapshot": true}']
    answers, code, err = drive(accordion, write_spec(tmp, "content.json", spec=spec), lines)
    if code != 0 or len(answers) != len(lines):
        raise Failure(f"session exit {code}, {len(answers)} answers to {len(lines)} lines: {err[-300:]}")
    for k in range(len(steps)):
        path = write_spec(tmp, f"content-{k}.json", script=steps[:k + 1], spec=spec)
        same(answers[2 * k + 1]["snapshot"], render(accordion, path), f"steps {steps[:k + 1]}")
    heights = [p["content"]["height"] for s in answers[3::2] for p in s["snapshot"]["panels"] if p.get("content")]
    if 2 * 31 not in heights or 3 + 23 + 3 not in heights:
        raise Failure(f"the rows panel does not take container.content's rowHeight, or a panel's own padding is lost: {heights}")
    return f"{len(steps)} snapshots of panels defined in setPanels equal render of the same script"


def check_timed_taps(accordion, tmp, rng):
    """Taps with `at` inside a transition are ignored, as in a script."""
    lines = ['{"tap": "b"}', '{"tap": "c", "at": 0.1}', '{"tap": "d", "at": 0.35}', '{"snapshot": {"at": 0.5}}']
    answers, code, _ = drive(accordion, write_spec(tmp, "timed.json"), lines)
    if [a.get("outcome") for a in answers[:3]] != ["applied", "ignored", "applied"]:
        raise Failure(f"outcomes {[a.get('outcome') for a in answers[:3]]}")
    if answers[1]["reason"] != "transition" or answers[1]["warning"]["rule"] != "tap-ignored":
        raise Failure(f"ignored tap answered {answers[1]}")
    path = write_spec(tmp, "timed-script.json", script=[{"tap": "b"}, {"tap": "c", "at": 0.1}, {"tap": "d", "at": 0.35}])
    same(answers[3]["snapshot"], render(accordion, path, "--at", "0.5"), "timed taps at 0.5")
    return "ignored and timed taps as in a script"


MALFORMED = [
    (b'not json', "json-syntax"),
    (b'{"tap": "b"', "json-syntax"),
    (b'{"tapp": "b"}', "schema-additional-properties"),
    (b'{"foo": 1}', "schema-additional-properties"),
    (b'{"at": 1}', "schema-required"),
    (b'{"expect": {"expanded": "b"}}', "check-in-drive"),
    (b'{"snapshot": "after", "at": 1}', "check-in-drive"),
    (b'{"tap": true}', None),
    (b'{"wait": "soon"}', None),
    (b'{"wait": -1}', None),
    (b'{"tap": "b", "wait": 1}', None),
    (b'{"resize": {"width": 1}}', None),
    (b'{"dismiss": false}', None),
    # A reveal takes ids only, bare or as `panel`.
    (b'{"reveal": 2}', "schema-type"),
    (b'{"reveal": {"panel": 0, "open": true}}', "schema-type"),
    (b'{"reveal": {"panel": "b", "open": "yes"}}', "schema-type"),
    # An update names a panel by id and changes at least one property of the right type.
    (b'{"update": {"panel": "b"}}', "schema-min-properties"),
    (b'{"update": {"panel": 1, "title": "x"}}', "schema-type"),
    (b'{"update": {"panel": "b", "disabled": "no"}}', "schema-type"),
    (b'{"update": {"panel": "b", "badges": "3"}}', "schema-additional-properties"),
    (b'{"update": {"panel": "b", "badge": 3}}', "schema-type"),
    (b'{"update": {"panel": "b", "icon": "wfi"}}', "schema-any-of"),
    (b'{"update": {"panel": "b", "content": {"panels": []}}}', "schema-not"),
    (b'{"setPanels": ["a", "nope"]}', "unknown-panel-id"),
    (b'{"setPanels": ["a", "a"]}', "duplicate-panel-id"),
    (b'{"setPanels": [{"id": "a", "title": "again"}]}', "duplicate-panel-id"),
    (b'{"wait": 1e400}', None),
    (b'{"tap": 123456789012345678901234567890}', "panel-index-out-of-range"),
    (b'{"tap": "b", "at": -1}', None),
    (b'{"wait": 0.5, "at": 2}', None),
    (b'[]', None),
    (b'42', None),
    (b'null', None),
    (b'{"snapshot": 3}', "invalid-query"),
    (b'{"snapshot": {"at": -1}}', "invalid-query"),
    (b'{"log": false}', "invalid-query"),
    (b'\xff\xfe\xfd', "invalid-utf8"),
    (b'{"tap": "\xc3\x28"}', "invalid-utf8"),
    (b'\x00\x01\x02', "json-syntax"),
    (b'', "empty-line"),
    (b'[' * 100000 + b']' * 100000, "json-syntax"),
    (b'{"a":' * 5000 + b'1' + b'}' * 5000, "json-syntax"),
    (b'"' + b'x' * (3 << 20) + b'"', "line-too-long"),
]


def check_unknown_panels(accordion, tmp, rng):
    """A panel not in the stack is rejected by the model, worded as validate words it."""
    lines = ['{"tap": "zz"}', '{"tap": 99}', '{"expand": "ab"}', '{"setPanels": ["a", "b"]}', '{"tap": "c"}',
             '{"snapshot": true}']
    answers, code, _ = drive(accordion, write_spec(tmp, "unknown.json"), lines)
    expected = [("unknown-panel-id", "there is no panel with id `zz` in the stack at this step", 9),
                ("panel-index-out-of-range", "there is no panel 99: there are 4 panels in the stack at this step, "
                 "so indices run from 0 to 3", 9),
                ("unknown-panel-id", "there is no panel with id `ab` in the stack at this step", 12),
                None,
                ("unknown-panel-id", "panel `c` is not in the stack at this step", 9)]
    for n, want in enumerate(expected):
        a = answers[n]
        if want is None:
            if a.get("outcome") != "applied":
                raise Failure(f"line {n + 1} answered {a}")
            continue
        got = a.get("error", {})
        if (a.get("outcome"), a.get("reason")) != ("rejected", "unknownPanel") or \
                (got.get("rule"), got.get("message"), got.get("column")) != want:
            raise Failure(f"line {n + 1} answered {a}, expected {want}")
    if answers[3]["change"] != "stackReplaced" or [p["id"] for p in answers[5]["snapshot"]["panels"]] != ["a", "b"]:
        raise Failure(f"setPanels answered {answers[3]}")
    return "unknown ids and indices rejected with validate's words, at their column"


def check_headers_overflow(accordion, tmp, rng):
    """A resize the headers do not fit in happens, with validate's error for the same script."""
    step = {"resize": {"width": 375, "height": 100}}
    answers, _, _ = drive(accordion, write_spec(tmp, "overflow.json"), [json.dumps(step)])
    a = answers[0]
    if a.get("outcome") != "applied" or a.get("change") != "resized" or a.get("error", {}).get("rule") != "headers-overflow":
        raise Failure(f"answered {a}")
    p = subprocess.run([accordion, "validate", "--format", "json", write_spec(tmp, "overflow-script.json", script=[step])],
                       capture_output=True, timeout=60)
    messages = [d["message"] for d in json.loads(p.stdout)["diagnostics"]]
    if messages != [a["error"]["message"]]:
        raise Failure(f"drive says {a['error']['message']!r}, validate {messages}")
    return "headers-overflow after a resize, worded as validate words it"


def check_clock_overflow(accordion, tmp, rng):
    """Issue 29's attack: two finite waits made the clock infinite, and every
    answer after them carried "time": null. A step past 10^9 s is rejected,
    located at the number that puts it there, and the clock stays put."""
    lines = ['{"wait": 1e308}', '{"wait": 1e308}', '{"tap": "b", "at": 1.797e308}', '{"wait": 999999999}',
             '{"wait": 2}', '{"tap": "c"}', '{"snapshot": true}', '{"log": true}']
    answers, code, err = drive(accordion, write_spec(tmp, "clock.json"), lines)
    if code != 0 or len(answers) != len(lines):
        raise Failure(f"exit {code}, {len(answers)} answers: {err[-300:]}")
    expected = [(2, "this wait of 1e+308 s would carry the clock from 0 s to 1e+308 s"),
                (2, "this wait of 1e+308 s would carry the clock from 0 s to 1e+308 s"),
                (20, "this step is set at 1.797e+308 s"),
                None,
                (2, "this wait of 2 s would carry the clock from 999999999 s to 1000000001 s")]
    for n, want in enumerate(expected):
        a = answers[n]
        if want is None:
            if a.get("outcome") != "applied" or a.get("time") != 999999999:
                raise Failure(f"line {n + 1} answered {a}")
            continue
        error = a.get("error", {})
        if (a.get("outcome"), a.get("reason"), error.get("rule"), error.get("column")) != \
                ("rejected", "pastTimeLimit", "time-past-limit", want[0]) or not error.get("message", "").startswith(want[1]) \
                or "past the latest time a step may happen at, 1000000000 s" not in error["message"]:
            raise Failure(f"line {n + 1} answered {a}")
        if a.get("time") != (0 if n < 3 else 999999999):
            raise Failure(f"line {n + 1}: the time of a rejected step is not the clock: {a}")
    tap = answers[5]
    if tap.get("outcome") != "applied" or tap["started"]["start"] != 999999999 or tap["started"]["end"] != 999999999.3:
        raise Failure(f"the tap after them answered {tap}")
    snapshot = answers[6]["snapshot"]
    if snapshot["time"] != 999999999.3 or snapshot["expandedPanel"] != "c":
        raise Failure(f"snapshot time {snapshot['time']}, expanded {snapshot['expandedPanel']}")
    assert_numbers(answers, lines)
    return "waits and an at past 10^9 s rejected at their column, the clock kept; the next tap at a finite time"


# Keys whose value is always a number in drive's answers (a null there is a lost, non-finite number).
NUMBER_KEYS = {"time", "start", "end", "progress", "x", "y", "width", "height", "offset", "contentHeight",
               "headerHeight", "line", "column"}


def strict_json(text):
    def refuse(name):
        raise Failure(f"{name} in an answer: {text[:200]}")
    return json.loads(text, parse_constant=refuse)


def assert_numbers(answers, lines):
    """No number key holds null or a non-finite number, anywhere in the answers."""
    def walk(value, path, line):
        if isinstance(value, dict):
            for key, item in value.items():
                if key in NUMBER_KEYS and not isinstance(item, (int, float)):
                    raise Failure(f"line {line} ({lines[line - 1][:80]!r}): {path}.{key} is {item!r}")
                walk(item, f"{path}.{key}", line)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, f"{path}[{i}]", line)
    for answer in answers:
        walk(answer, "$", answer.get("line", 0))


EXTREME_TIMES = [0, 0.1, 0.3, 1, 1e-300, 5e8, 999999999, 1e9, 1e9 + 1, 2e9, 1e12, 1e300, 1e308, 1.7976931348623157e308]
EXTREME_SIZES = [0.001, 1, 44, 100, 375, 667, 1e9, 1e300, 5e307, 1e308, 1.7976931348623157e308]


def random_extreme_line(rng, state):
    """One random step or query, its numbers often absurd."""
    ids = state["ids"]

    def pick_time():
        """Mostly ordinary times (so the session goes on), a third of them absurd."""
        return rng.choice(EXTREME_TIMES) if rng.random() < 0.35 else rng.choice([0, 0.05, 0.1, 0.3, 1])
    k = rng.randrange(14)
    if k == 0:
        return {"wait": pick_time()}
    if k in (1, 2):
        step = {"tap": rng.choice(ids)}
        if rng.random() < 0.5:
            step["at"] = pick_time()
        return step
    if k == 3:
        return {"resize": {"width": rng.choice(EXTREME_SIZES), "height": rng.choice(EXTREME_SIZES)}}
    if k == 4:
        if rng.random() < 0.3:
            return {"update": {"panel": rng.choice(ids), "disabled": rng.random() < 0.5,
                               "content": {"rows": ["r"] * rng.randrange(0, 4), "rowHeight": rng.choice(EXTREME_SIZES)}}}
        return {"scroll": rng.choice(EXTREME_SIZES + [0, 40])}
    if k == 5:
        items = [i for i in ids if rng.random() < 0.5]
        for _ in range(rng.randrange(3)):
            state["next"] += 1
            definition = {"id": f"n{state['next']}", "title": "N", "headerHeight": rng.choice(EXTREME_SIZES)}
            if rng.random() < 0.7:
                definition["contentHeight"] = rng.choice(EXTREME_SIZES)
            items.append(definition)
        return {"setPanels": items}
    if k == 6:
        if rng.random() < 0.3:
            return {"reveal": {"panel": rng.choice(ids), "open": rng.random() < 0.5}}
        return {"expand": rng.choice(ids + [None])}
    if k == 7:
        return {"collapse": rng.choice(ids + ["all"])}
    if k == 8:
        return {"present": "M"} if rng.random() < 0.5 else {"dismiss": True}
    if k == 9:
        return {"snapshot": True}
    if k == 10:
        return {"snapshot": {"at": pick_time()}}
    if k == 11 and rng.random() < 0.1:
        return {"log": True}
    step = {"tap": rng.choice(ids), "at": pick_time()}
    if rng.random() < 0.3:
        step = {"expand": rng.choice(ids), "at": pick_time()}
    return step


def check_random_lines_stay_finite(accordion, tmp, rng):
    """Issue 29's acceptance: 20,000 random lines (waits and `at`s up to the
    largest number, resizes, scrolls and new panels of 1e308 points) in 40
    sessions on specs of every layout: no answer holds a number that is not
    finite, or null where a number belongs."""
    specs = []
    for n, container in enumerate([{}, {"layout": "fit", "expansion": "multiple"},
                                   {"layout": "fit", "expansion": "multiple", "overflow": "scroll"},
                                   {"overflow": "scroll", "interruption": "retarget", "animation": {"duration": 1e12}}]):
        spec = json.loads(json.dumps(BASE_SPEC))
        spec["container"].update(container)
        for panel in spec["panels"]:
            panel["contentHeight"] = rng.choice([100, 300, 1e308])
        if spec["container"].get("layout") != "fit":
            for panel in spec["panels"]:
                del panel["contentHeight"]
        specs.append(write_spec(tmp, f"finite-{n}.json", spec=spec))
    total = rejected = applied = 0
    for session in range(40):
        state = {"ids": [p["id"] for p in BASE_SPEC["panels"]], "next": 0}
        lines = [json.dumps(random_extreme_line(rng, state)) for _ in range(500)]
        data = "".join(l + "\n" for l in lines).encode()
        p = subprocess.run([accordion, "drive", specs[session % len(specs)]], input=data, capture_output=True, timeout=120)
        if p.returncode != 0:
            raise Failure(f"session {session}: exit {p.returncode}: {p.stderr.decode(errors='replace')[-300:]}")
        answers = [strict_json(line) for line in p.stdout.decode().splitlines()]
        if len(answers) != len(lines):
            raise Failure(f"session {session}: {len(answers)} answers to {len(lines)} lines")
        assert_numbers(answers, lines)
        for a in answers:
            if a.get("outcome") in ("applied", "ignored") and not a["time"] <= 1e9:
                raise Failure(f"session {session}: a step happened at {a['time']}: {a}")
            rejected += a.get("reason") == "pastTimeLimit"
            applied += a.get("outcome") == "applied"
        total += len(lines)
    if rejected < 1000:
        raise Failure(f"only {rejected} steps past the limit among {total} lines")
    return f"{total} random lines in 40 sessions, every number finite ({applied} steps applied, {rejected} past 10^9 s rejected)"


def check_malformed(accordion, tmp, rng):
    """Every malformed line is answered with one error line; the session goes on."""
    lines = [m for m, _ in MALFORMED]
    for _ in range(200):
        lines.append(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60))).replace(b"\n", b" "))
    lines.append(b'{"tap": "c"}')
    lines.append(b'{"snapshot": true}')
    answers, code, err = drive(accordion, write_spec(tmp, "malformed.json"), lines)
    if code != 0:
        raise Failure(f"exit {code}: {err[-300:]}")
    if len(answers) != len(lines):
        raise Failure(f"{len(answers)} answers to {len(lines)} lines")
    for n, answer in enumerate(answers, 1):
        if answer.get("line") != n:
            raise Failure(f"answer {n} names line {answer.get('line')}")
    def problems(answer):
        """An unreadable line's errors, or the error of a step the model rejected."""
        if answer.get("outcome") == "rejected":
            return [answer["error"]] if "error" in answer else []
        return answer.get("errors", [])

    for n, (line, rule) in enumerate(MALFORMED, 1):
        errors = problems(answers[n - 1])
        if not errors:
            raise Failure(f"line {n} ({line[:40]!r}) answered {str(answers[n - 1])[:200]}")
        for e in errors:
            if not (isinstance(e.get("column"), int) and e.get("rule") and e.get("message")):
                raise Failure(f"line {n}: error without column, rule or message: {e}")
        if rule and errors[0]["rule"] != rule:
            raise Failure(f"line {n} ({line[:40]!r}): rule {errors[0]['rule']}, expected {rule}")
    for n in range(len(MALFORMED) + 1, len(lines) - 1):
        if not problems(answers[n - 1]):
            raise Failure(f"random line {n} {lines[n - 1]!r} answered {answers[n - 1]}")
    if answers[-2].get("outcome") != "applied" or answers[-1]["snapshot"]["expandedPanel"] != "c":
        raise Failure(f"the session did not go on: {answers[-2]}, {str(answers[-1])[:200]}")
    return f"{len(lines) - 2} malformed lines each answered, the session went on"


def check_interactive(accordion, tmp, rng):
    """Each answer comes before the next line is sent."""
    p = subprocess.Popen([accordion, "drive", write_spec(tmp, "interactive.json")], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        for n, line in enumerate(['{"tap": "b"}', '{"wait": 0.4}', '{"snapshot": true}'], 1):
            p.stdin.write(line.encode() + b"\n")
            p.stdin.flush()
            answer = json.loads(p.stdout.readline())
            if answer.get("line") != n:
                raise Failure(f"answer {answer} to line {n}")
        p.stdin.close()
        if p.wait(timeout=30) != 0:
            raise Failure(f"exit {p.returncode} at end of input")
    finally:
        if p.poll() is None:
            p.kill()
    return "answers line by line, exit 0 at end of input"


def check_invalid_spec(accordion, tmp, rng):
    spec = dict(BASE_SPEC, panels=BASE_SPEC["panels"] + [{"id": "a", "title": "twice"}])
    path = write_spec(tmp, "invalid.json", spec=spec)
    p = subprocess.run([accordion, "drive", path], input=b'{"tap": "a"}\n', capture_output=True, timeout=60)
    v = subprocess.run([accordion, "validate", path], capture_output=True, timeout=60)
    if p.returncode != 1 or p.stdout:
        raise Failure(f"exit {p.returncode}, stdout {p.stdout[:200]!r}")
    if p.stderr != v.stdout:
        raise Failure(f"drive reported {p.stderr.decode()!r}, validate {v.stdout.decode()!r}")
    missing = subprocess.run([accordion, "drive", os.path.join(tmp, "missing.yaml")], input=b"", capture_output=True)
    if missing.returncode != 2:
        raise Failure(f"missing spec: exit {missing.returncode}")
    return "an invalid spec is reported as validate reports it, exit 1; a missing one exit 2"


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("accordion")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args(argv)
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    print(f"drive: seed {seed} (--seed {seed} replays it)")
    checks = (check_taps_against_render, check_steps_against_scripts, check_timed_taps, check_new_panel_content, check_unknown_panels,
              check_headers_overflow, check_clock_overflow, check_random_lines_stay_finite, check_malformed, check_interactive,
              check_invalid_spec)
    with tempfile.TemporaryDirectory() as tmp:
        return run_checks("drive", [
            (check.__name__,
             lambda check=check: check(args.accordion, tmp, random.Random(f"{seed}-{check.__name__}")))
            for check in checks])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
