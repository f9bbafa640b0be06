#!/usr/bin/python3
"""Runs the benchmark workloads for the three implementations, interleaved, and reports.

Called by Benchmarks/run under one Xvfb display; see Benchmarks/README.md. Each
(implementation, workload, N) run is its own process that prints one JSON line.
"""
import argparse
import datetime
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import time

IMPLS = ["c", "gtkbridge", "pygobject"]
NAMES = {"c": "C", "gtkbridge": "GtkBridge", "pygobject": "PyGObject"}

# W6-W8 each have two operations, run as workloads of their own: "-key" (keystroke -> state ->
# label) and "-set" (state -> field text).
ROWS = ["W6", "W7", "W8"]
ROW_OPS = ["key", "set"]
ROW_WORKLOADS = [f"{w}-{op}" for w in ROWS for op in ROW_OPS]
# Renderers: "cairo" (GSK_RENDERER=cairo, as for W1-W5) and "gl" (GSK_RENDERER unset: GTK's
# default, GL on Xvfb's llvmpipe). Under "gl" a frame of the N = 1,000 window costs about a
# second, so those runs do fewer operations and repetitions.

FULL = {
    "reps": 5,
    "W1": [(2000, 0)],
    "W2": [(1, 50000)],
    "W3": [(1, 50000)],
    "W4": [(100, 20000)],
    "W5": [(100, 20000), (1000, 20000), (10000, 20000)],
    # (n, ops) per renderer for each of W6-W8's six workloads; ops are whole keystroke cycles
    "rows": {"cairo": [(100, 2000), (1000, 256)], "gl": [(100, 256), (1000, 16)]},
    "rows_reps": {"cairo": 5, "gl": 3},
    "count_ops": 200,
    "rows_count_ops": 64,
}
QUICK = {
    "reps": 1,
    "W1": [(200, 0)],
    "W2": [(1, 2000)],
    "W3": [(1, 2000)],
    "W4": [(100, 1000)],
    "W5": [(100, 2000), (1000, 2000)],
    "rows": {"cairo": [(10, 64), (100, 64)], "gl": [(10, 16)]},
    "rows_reps": {"cairo": 1, "gl": 1},
    "count_ops": 50,
    "rows_count_ops": 16,
}

WHAT = {
    "W1": "build and present {n} bound text fields, to the first frame",
    "W2": "keystroke into the focused field, text to state and to a label",
    "W3": "state-driven text change reaching the field",
    "W4": "state-driven focus move across {n} fields",
    "W5": "one row's text changed among N = {n}",
    "W6": "`$m.texts[i]` of an @Observable [String]",
    "W7": "@State [Item], ForEach($items), .focused, .onChange",
    "W8": "@Observable rows, .focused, .onChange",
    "key": "keystroke → state → label",
    "set": "state → field text",
}
RENDERER_NAMES = {"cairo": "cairo", "gl": "default renderer"}


def renderer_env(renderer, base=None):
    env = dict(os.environ if base is None else base)
    if renderer == "gl":
        env.pop("GSK_RENDERER", None)
    else:
        env["GSK_RENDERER"] = "cairo"
    return env


def command(impl, bins, workload, n, ops):
    if impl == "c":
        return [os.path.join(bins, "bench-c"), workload, str(n), str(ops)]
    if impl == "gtkbridge":
        return [os.path.join(bins, "gtkbridge-bench"), workload, str(n), str(ops)]
    return ["/usr/bin/python3", os.path.join(bins, "bench.py"), workload, str(n), str(ops)]


def run_one(impl, bins, workload, n, ops, env=None, timeout=900):
    proc = subprocess.run(
        command(impl, bins, workload, n, ops), capture_output=True, text=True,
        env=env, timeout=timeout)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    if proc.returncode != 0 or not lines:
        sys.stderr.write(proc.stdout + proc.stderr)
        raise SystemExit(f"{impl} {workload} N={n}: exit {proc.returncode}, no result")
    result = json.loads(lines[-1])
    if not result["ok"]:
        raise SystemExit(f"{impl} {workload} N={n}: wrong final state (ok=false): {result}")
    return result


def count_gtk_calls(impl, bins, workload, n, ops, scratch):
    """GTK calls per operation, counted by tools/gtkcount.c (LD_AUDIT) in the region. No
    window is shown (BENCH_NO_PRESENT): the count is of the implementation's own calls, which
    frames do not change."""
    out = os.path.join(scratch, f"gtkcount-{impl}-{workload}-{n}.txt")
    env = dict(os.environ, LD_AUDIT=os.path.join(bins, "libgtkcount.so"), GTKCOUNT_OUT=out,
               BENCH_REGION=os.path.join(bins, "libbench-region.so"), BENCH_NO_PRESENT="1")
    run_one(impl, bins, workload, n, ops, env=env)
    calls = {}
    with open(out) as file:
        for line in file:
            count, name = line.split()
            # Type lookups (GTK_EDITABLE() casts and the like) are not operations.
            if name.endswith("_get_type"):
                continue
            calls[name] = calls.get(name, 0) + int(count)
    return sum(calls.values()) / ops, {k: v / ops for k, v in calls.items()}


def machine_line():
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as file:
            for line in file:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        with open("/proc/meminfo") as file:
            mem_kb = int(file.readline().split()[1])
        mem = f"{mem_kb / 1024 / 1024:.0f} GiB"
    except (OSError, ValueError):
        mem = "? GiB"

    def version(cmd):
        try:
            return subprocess.run(cmd, capture_output=True, text=True).stdout.strip()
        except OSError:
            return "?"

    gtk = version(["pkg-config", "--modversion", "gtk4"])
    swift = version(["swift", "--version"]).splitlines()
    swift = re.sub(r".*version ([0-9.]+).*", r"\1", swift[0]) if swift else "?"
    gi = version(["/usr/bin/python3", "-c", "import gi; print(gi.__version__)"])
    py = version(["/usr/bin/python3", "-c", "import platform; print(platform.python_version())"])
    return (f"{cpu}, {os.cpu_count()} cores, {mem}; {platform.system()} {platform.release()}; "
            f"GTK {gtk}, Swift {swift}, Python {py} with PyGObject {gi}; Xvfb, "
            f"GSK_RENDERER={os.environ.get('GSK_RENDERER', 'default')}")


def ratio(a, b):
    return a / b if a and b else float("nan")


def fmt(value, digits=1):
    if value is None or value != value:
        return "–"
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    return f"{value:.{digits}f}"


def load_instructions(path):
    """Benchmarks/profile --out: (workload, n, view) -> impl -> instructions per operation.
    view: "hidden" (no window shown), "cairo" or "gl" (shown, each operation ending with a
    frame); lines without a view (older files) are hidden."""
    ir = {}
    if not path or not os.path.exists(path):
        return ir
    with open(path) as file:
        for line in file:
            parts = line.split()
            if len(parts) in (5, 6):
                workload, n, _ops, impl, value = parts[:5]
                view = parts[5] if len(parts) == 6 else "hidden"
                ir.setdefault((workload, int(n), view), {})[impl] = float(value)
    return ir


# The implementations of the instruction tables: C, C recording each app write as one undo
# step (BENCH_UNDO; state writes only), GtkBridge, PyGObject.
IR_IMPLS = ["c", "c-undo", "gtkbridge", "pygobject"]
VIEW_NAMES = {"hidden": "hidden", "cairo": "shown, cairo", "gl": "shown, default (GL)"}


def writes_into_field(workload):
    """Whether the operation is an app write into a field (judged against C + undo)."""
    return workload in ("W3", "W5") or workload.endswith("-set")


def ir_table(ir):
    """Instructions per operation, every peer side by side, grouped by workload and N with
    the hidden and shown views next to each other."""
    order = {"hidden": 0, "cairo": 1, "gl": 2}
    lines = ["| workload | window | C | C + undo | GtkBridge | PyGObject | GtkBridge/C | "
             "GtkBridge/(C + undo) | PyGObject/GtkBridge |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for (workload, n, view), per in sorted(
            ir.items(), key=lambda kv: (kv[0][0], kv[0][1], order.get(kv[0][2], 9))):
        unit = " (whole run)" if workload == "W1" else ""
        c, u, g, p = (per.get(i) for i in IR_IMPLS)
        lines.append(f"| {workload}, N = {n:,}{unit} | {VIEW_NAMES.get(view, view)} | "
                     f"{fmt(c, 0)} | {fmt(u, 0)} | {fmt(g, 0)} | {fmt(p, 0)} | "
                     f"{fmt(ratio(g, c), 2)} | {fmt(ratio(g, u), 2)} | {fmt(ratio(p, g), 2)} |")
    return "\n".join(lines)


def drawing_table(ir):
    """What showing and drawing the window adds per operation (shown count minus hidden
    count), for C and GtkBridge, at the sizes profiled both ways."""
    lines = ["| workload | C: hidden | C: + frame, cairo | C: + frame, GL | GtkBridge: hidden | "
             "GtkBridge: + frame, cairo | GtkBridge: + frame, GL |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    keys = sorted({(w, n) for (w, n, v) in ir if v != "hidden" and (w, n, "hidden") in ir})
    for (workload, n) in keys:
        cells = []
        for impl in ("c", "gtkbridge"):
            hidden = ir[(workload, n, "hidden")].get(impl)
            cells.append(fmt(hidden, 0))
            for view in ("cairo", "gl"):
                shown = ir.get((workload, n, view), {}).get(impl)
                cells.append(f"{shown - hidden:+,.0f}" if shown and hidden else "–")
        lines.append(f"| {workload}, N = {n:,} | " + " | ".join(cells) + " |")
    return "\n".join(lines) if len(lines) > 2 else ""


def row_label(workload, n, renderer):
    base, op = workload.split("-")
    return (f"{base} {WHAT[base]}: {WHAT[op]}, N = {n:,}"
            + ("" if renderer == "cairo" else f", {RENDERER_NAMES[renderer]}"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--reps", type=int)
    parser.add_argument("--bins", required=True)
    parser.add_argument("--out", required=True, help="the Markdown report to write")
    parser.add_argument("--chart", required=True, help="the PNG chart to write")
    parser.add_argument("--json", help="also write every raw result here")
    parser.add_argument("--ir", help="Benchmarks/profile --out file: instruction counts that "
                        "judge the targets (timings alone when absent)")
    parser.add_argument("--renderers", default="cairo,gl",
                        help="renderers for W6-W8 (cairo, gl: GTK's default)")
    parser.add_argument("--only", help="comma-separated workloads to run (W1..W5, W6..W8); "
                        "the report then shows only those")
    parser.add_argument("--note", help="a line for the report's header")
    parser.add_argument("--from-json", help="write the report from an earlier run's --json "
                        "file (with this run's --ir), running nothing")
    args = parser.parse_args()
    config = QUICK if args.quick else FULL
    reps = args.reps or config["reps"]
    renderers = [r for r in args.renderers.split(",") if r]
    only = set(args.only.split(",")) if args.only else None
    wanted = (lambda w: only is None or w.split("-")[0] in only)
    scratch = os.path.dirname(os.path.abspath(args.json or args.out))
    started = time.time()

    # (workload, n, renderer) -> impl -> [results]
    raw = {}
    cases = [(w, n, ops, "cairo") for w in ["W1", "W2", "W3", "W4", "W5"] if wanted(w)
             for (n, ops) in config[w]]
    rows_reps = {r: (args.reps or config["rows_reps"][r]) for r in renderers}
    row_cases = [(w, n, ops, r) for r in renderers for (n, ops) in config["rows"][r]
                 for w in ROW_WORKLOADS if wanted(w)]
    loaded = None
    if args.from_json:
        with open(args.from_json) as file:
            loaded = json.load(file)
        for key, value in loaded["raw"].items():
            workload, n, renderer = key.split()
            raw[(workload, int(n), renderer)] = value
    for rep in range(0 if loaded else max([reps] + list(rows_reps.values()))):
        todo = [c for c in cases if rep < reps] + [c for c in row_cases if rep < rows_reps[c[3]]]
        for index, (workload, n, ops, renderer) in enumerate(todo):
            # Interleaved: every case runs all three before the next; the order rotates.
            shift = (rep + index) % len(IMPLS)
            env = renderer_env(renderer)
            for impl in IMPLS[shift:] + IMPLS[:shift]:
                result = run_one(impl, args.bins, workload, n, ops, env=env)
                raw.setdefault((workload, n, renderer), {}).setdefault(impl, []).append(result)
                value = result["seconds"] if workload == "W1" else result["us_per_op"]
                unit = "s" if workload == "W1" else "µs/op"
                total = reps if (workload, n, ops, renderer) in cases else rows_reps[renderer]
                print(f"  rep {rep + 1}/{total} {workload:<6} N={n:<5} {renderer:<5} "
                      f"{NAMES[impl]:<9} {value:10.3f} {unit}  "
                      f"maxrss {result['maxrss_kb'] / 1024:6.1f} MiB", flush=True)

    # GTK calls per operation: W2's keystroke, W5's update, W6-W8's two operations.
    counted = []
    if wanted("W2"):
        counted.append(("W2", 1, config["count_ops"]))
    if wanted("W5"):
        counted += [("W5", n, config["count_ops"]) for (n, _ops) in config["W5"]]
    counted += [(w, n, config["rows_count_ops"]) for (n, _ops) in config["rows"]["cairo"]
                for w in ROW_WORKLOADS if wanted(w)]
    counts = {}
    if loaded:
        for key, value in loaded["counts"].items():
            impl, workload, n = key.split()
            counts[(impl, workload, int(n))] = (value[0], value[1])
        counted = [c for c in counted if ("c", c[0], c[1]) in counts]
    for (workload, n, ops) in ([] if loaded else counted):
        for impl in IMPLS:
            counts[(impl, workload, n)] = count_gtk_calls(
                impl, args.bins, workload, n, ops, scratch)

    ir = load_instructions(args.ir)

    def median(workload, n, impl, key, renderer="cairo"):
        return statistics.median(r[key] for r in raw[(workload, n, renderer)][impl])

    rows = []  # (label, unit, c, gtkbridge, pygobject)
    if wanted("W1"):
        (n1, _), = config["W1"]
        rows.append((f"W1 {WHAT['W1'].format(n=n1)}: time", "ms",
                     *[median("W1", n1, i, "seconds") * 1e3 for i in IMPLS]))
        rows.append((f"W1 {WHAT['W1'].format(n=n1)}: peak RSS", "MiB",
                     *[median("W1", n1, i, "maxrss_kb") / 1024 for i in IMPLS]))
    for workload in ["W2", "W3", "W4"]:
        if wanted(workload):
            (n, ops), = config[workload]
            rows.append((f"{workload} {WHAT[workload].format(n=n)} ({ops:,} ops)", "µs/op",
                         *[median(workload, n, i, "us_per_op") for i in IMPLS]))
    if wanted("W5"):
        for (n, ops) in config["W5"]:
            rows.append((f"W5 {WHAT['W5'].format(n=f'{n:,}')} ({ops:,} updates)", "µs/update",
                         *[median("W5", n, i, "us_per_op") for i in IMPLS]))
        for (n, _ops) in config["W5"]:
            rows.append((f"W5 GTK calls per update, N = {n:,}", "calls",
                         *[counts[(i, "W5", n)][0] for i in IMPLS]))
        n_small, n_large = config["W5"][0][0], config["W5"][-1][0]
        rows.append((f"W5 time per update, N = {n_large:,} / N = {n_small:,}", "×",
                     *[ratio(median("W5", n_large, i, "us_per_op"),
                             median("W5", n_small, i, "us_per_op")) for i in IMPLS]))
    for renderer in renderers:
        for workload in ROW_WORKLOADS:
            if not wanted(workload):
                continue
            for (n, ops) in config["rows"][renderer]:
                rows.append((f"{row_label(workload, n, renderer)} ({ops:,} ops)", "µs/op",
                             *[median(workload, n, i, "us_per_op", renderer) for i in IMPLS]))

    table = markdown_table(rows)
    print()
    print(table)

    # Instructions per operation and GTK calls per operation, each as a table.
    call_rows = [(f"{w}, N = {n:,}", "calls/op", *[counts[(i, w, n)][0] for i in IMPLS])
                 for (w, n, _ops) in counted]

    machine = loaded["machine"] if loaded else machine_line()
    date = (loaded["date"] if loaded else
            datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"))
    elapsed = loaded.get("elapsed", 0) if loaded else time.time() - started
    call_lists = []
    for (workload, n, _ops) in counted:
        if workload == "W5" and n != config["W5"][0][0]:
            continue
        if workload in ROW_WORKLOADS and n != config["rows"]["cairo"][-1][0]:
            continue
        call_lists.append(f"**{workload}, N = {n:,}**" + (
            " (equal to C function by function)" if same_calls(counts, workload, n) else ""))
        call_lists.append("")
        for impl in IMPLS:
            per = counts[(impl, workload, n)][1]
            listing = ", ".join(f"{name} {count:g}" for name, count in sorted(per.items()))
            call_lists.append(f"- {NAMES[impl]}: {listing or '(none)'}")
        call_lists.append("")

    targets = evaluate_targets(config, median, counts, ir, renderers, wanted, list(raw))
    old_targets = evaluate_targets_issue6(config, median, counts) if only is None else []
    notes_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "notes.md")
    notes = open(notes_path).read().strip() if os.path.exists(notes_path) else ""
    partial = args.quick or only is not None or args.reps is not None and args.reps < 3

    report = [
        "<!-- Written by Benchmarks/run" + (" --quick" if args.quick else "") +
        "; edit Benchmarks/tools/driver.py, not this file. -->",
        "# Benchmarks" + (" (quick run: smoke test, figures not meaningful)" if args.quick else ""),
        "",
        f"Machine: {machine}.",
        *([f"**{args.note}**", ""] if args.note else []),
        f"Date: {date}. Median of {reps} run(s) per figure (W6-W8: "
        + ", ".join(f"{rows_reps[r]} under {RENDERER_NAMES[r]}" for r in renderers)
        + "), implementations interleaved"
        + (f"; the whole run took {elapsed / 60:.1f} min." if elapsed else "."),
        "",
        "Reproduce: `Benchmarks/run` (`Benchmarks/run --quick` is the CI smoke test). How "
        "each figure is made: [Benchmarks/README.md](Benchmarks/README.md).",
        "",
        "## Time per operation",
        "",
        "Wall time, `GSK_RENDERER=cairo` unless the row says otherwise.",
        "",
        table,
        "",
        f"![Time relative to C, per workload]({os.path.relpath(args.chart, os.path.dirname(os.path.abspath(args.out)))})",
        "",
        "## Targets (issue 33)",
        "",
        "Instruction counts (`Benchmarks/profile`, callgrind) judge where the target is about "
        "cost, wall times where it is about PyGObject; each figure stands beside its peers. "
        "An app write into a field (W3, W5, the `-set` workloads) is judged against C + undo, "
        "the C runner recording the write as one undo step as GtkBridge does; plain C stands "
        "beside it. Shown: the window presented, every operation ending with a frame "
        "(cairo, or GTK's default GL renderer, which on Xvfb is Mesa's llvmpipe: software)."
        + ("" if ir else " **No instruction counts in this run: wall times judge.**"),
        "",
        "| target | measured | met |",
        "| --- | --- | --- |",
        *[f"| {name} | {value} | {'yes' if met else '**no**'} |" for name, value, met in targets],
        "",
        *(["## Instructions per operation (callgrind)", "",
           "`Benchmarks/profile`: the measured loop only; hidden: no window shown, so no "
           "frame is drawn; shown: each operation ends with a frame of the presented window "
           "(its layout and drawing counted with it; GL is llvmpipe, software, on the main "
           "thread). W1 is the whole build to the first frame. C + undo: the app's write "
           "recorded as one undo step (state writes only). PyGObject is not profiled at "
           "N = 10,000.", "",
           ir_table(ir), ""] if ir else []),
        *(["## What a frame adds per operation (callgrind)", "",
           "Shown minus hidden instructions per operation: GTK's layout and drawing of what the "
           "operation changed, plus the frame's fixed cost (the same in every runner).", "",
           drawing_table(ir), ""] if ir and drawing_table(ir) else []),
        "## GTK calls per operation",
        "",
        "Counted with `LD_AUDIT` (see Benchmarks/README.md), no window shown.",
        "",
        markdown_table(call_rows),
        "",
        *call_lists,
        *(["## Earlier targets (issue 6)", "",
           "| target | measured | met |", "| --- | --- | --- |",
           *[f"| {name} | {value} | {'yes' if met else '**no**'} |"
             for name, value, met in old_targets], ""] if old_targets else []),
        *([notes, ""] if notes and not partial else []),
    ]
    with open(args.out, "w") as file:
        file.write("\n".join(report))
    if args.json and not loaded:
        with open(args.json, "w") as file:
            json.dump({"raw": {f"{w} {n} {r}": v for (w, n, r), v in raw.items()},
                       "counts": {f"{i} {w} {n}": v for (i, w, n), v in counts.items()},
                       "instructions": {f"{w} {n} {view}": v
                                        for (w, n, view), v in ir.items()},
                       "rows": rows, "machine": machine, "date": date, "elapsed": elapsed},
                      file, indent=1)
    draw_chart(rows, args.chart)
    print(f"\nwrote {args.out} and {args.chart} ({elapsed:.0f} s)")


def markdown_table(rows, digits_for=None):
    header = ("| workload | unit | C | GtkBridge | PyGObject | GtkBridge/C | PyGObject/GtkBridge |\n"
              "| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    lines = [header]
    for label, unit, c, bridge, py in rows:
        digits = digits_for(unit) if digits_for else (2 if unit in ("×",) else 1)
        lines.append(f"| {label} | {unit} | {fmt(c, digits)} | {fmt(bridge, digits)} | "
                     f"{fmt(py, digits)} | {fmt(ratio(bridge, c), 2)} | "
                     f"{fmt(ratio(py, bridge), 2)} |")
    return "\n".join(lines)


def call_difference(counts, workload, n):
    """GtkBridge's GTK calls per operation minus C's, function by function (non-zero only)."""
    bridge = counts[("gtkbridge", workload, n)][1]
    c = counts[("c", workload, n)][1]
    diff = {}
    for name in set(bridge) | set(c):
        delta = round(bridge.get(name, 0) - c.get(name, 0), 2)
        if delta:
            diff[name] = delta
    return diff


def same_calls(counts, workload, n):
    return not call_difference(counts, workload, n)


def evaluate_targets(config, median, counts, ir, renderers, wanted, cases):
    """Issue 33's targets against this run: (target, measured, met). Instruction counts judge
    where there are any for the case (wall times where there are none); every figure stands
    beside its peers."""
    out = []
    small = 100

    def time_ratio(workload, n, impl="gtkbridge", base="c", renderer="cairo"):
        try:
            return median(workload, n, impl, "us_per_op", renderer) / median(
                workload, n, base, "us_per_op", renderer)
        except (KeyError, ZeroDivisionError):
            return None

    def counts_of(workload, n, view="hidden"):
        return ir.get((workload, n, view), {})

    def against_c(workload, n, limit, view="hidden", timed=True):
        """GtkBridge / C (C + undo for a write into a field), with its peers beside it."""
        per = counts_of(workload, n, view)
        g, c, u, p = (per.get(i) for i in ("gtkbridge", "c", "c-undo", "pygobject"))
        base = u if writes_into_field(workload) else c
        by_ir = g / base if g and base else None
        shown = []
        if by_ir is not None:
            if writes_into_field(workload):
                shown.append(f"**{by_ir:.2f} × C + undo** ({g:,.0f} / {u:,.0f} Ir/op); "
                             f"{g / c:.2f} × plain C ({c:,.0f})")
            else:
                shown.append(f"**{by_ir:.2f} ×** ({g:,.0f} / {c:,.0f} Ir/op)")
            if p:
                shown.append(f"PyGObject {p:,.0f}")
        elif writes_into_field(workload) and g and c:
            # No C + undo count: judged against plain C, which does less (the stricter).
            by_ir = g / c
            shown.append(f"**{by_ir:.2f} × plain C** ({g:,.0f} / {c:,.0f} Ir/op; no C + undo "
                         "count, so against plain C, the stricter)")
        by_time = time_ratio(workload, n) if timed and view == "hidden" else None
        if by_time is not None:
            shown.append(f"{by_time:.2f} × C in time")
        value = by_ir if by_ir is not None else by_time
        return "; ".join(shown) or "–", value is not None and value <= limit

    # 1, 2. Per operation against C: W2-W5 ≤ 1.3 ×; W6-W8 ≤ 2.0 × at N = 100. Hidden, then
    # shown and drawn (cairo, GL) where the profile counted that.
    per_op = [("W2", 1, 1.3), ("W3", 1, 1.3), ("W4", 100, 1.3), ("W5", 100, 1.3)]
    per_op += [(w, small, 2.0) for w in ROW_WORKLOADS]
    for view in ("hidden", "cairo", "gl"):
        for (workload, n, limit) in per_op:
            if not wanted(workload):
                continue
            if view != "hidden" and not counts_of(workload, n, view):
                continue
            base = "C + undo" if writes_into_field(workload) and ir else "C"
            measured, met = against_c(workload, n, limit, view)
            if measured == "–":
                continue  # neither counted nor timed in this run
            where = "" if n == 1 else f" at N = {n:,}"
            window = "" if view == "hidden" else f", {VIEW_NAMES[view]}"
            out.append((f"{workload} ≤ {limit} × {base} per operation{where}{window}",
                        measured, met))

    # 3. GtkBridge's own cost (its count minus C's) flat in N: at N = 1,000 and 10,000
    # within 1.2 × of N = 100.
    for workload in ["W5"] + ROW_WORKLOADS:
        if not wanted(workload):
            continue
        base_counts = counts_of(workload, 100)
        for large in (1000, 10000):
            per = counts_of(workload, large)
            by_ir = None
            note = ""
            if all(p.get(i) for p in (base_counts, per) for i in ("c", "gtkbridge")):
                own_small = base_counts["gtkbridge"] - base_counts["c"]
                own_large = per["gtkbridge"] - per["c"]
                by_ir = own_large / own_small if own_small > 0 else (
                    1.0 if own_large <= 0 else None)
                note = (f"GtkBridge − C per op {own_small:,.0f} → {own_large:,.0f}; totals: "
                        f"GtkBridge {base_counts['gtkbridge']:,.0f} → {per['gtkbridge']:,.0f}, "
                        f"C {base_counts['c']:,.0f} → {per['c']:,.0f}")
            if by_ir is None:
                if ir:
                    continue  # not profiled at this size
                try:
                    sizes = [n for (n, _ops) in (config["W5"] if workload == "W5" else
                                                 config["rows"]["cairo"])]
                    by_time = median(workload, sizes[-1], "gtkbridge", "us_per_op") / median(
                        workload, sizes[0], "gtkbridge", "us_per_op")
                except KeyError:
                    continue
                out.append((f"{workload}: GtkBridge's time at N = {sizes[-1]:,} ≤ 1.2 × at "
                            f"N = {sizes[0]:,}", f"{by_time:.2f} ×", by_time <= 1.2))
                break
            out.append((f"{workload}: GtkBridge's own cost at N = {large:,} ≤ 1.2 × at "
                        "N = 100", f"**{by_ir:.2f} ×** ({note})", by_ir <= 1.2))

    # 4. Wall time against PyGObject at N = 100 (W2, W3: their one field): never slower on
    # W2-W6 and W8 (beyond 5 % noise), W7 within 1.5 ×. Cairo, and GL for W6-W8.
    for workload, n in [("W2", 1), ("W3", 1), ("W4", 100), ("W5", 100)] + [
            (w, small) for w in ROW_WORKLOADS]:
        if not wanted(workload):
            continue
        limit = 1.5 if workload.startswith("W7") else 1.05
        for renderer in (["cairo"] + [r for r in renderers if r != "cairo"]
                         if workload in ROW_WORKLOADS else ["cairo"]):
            by_time = time_ratio(workload, n, "gtkbridge", "pygobject", renderer)
            if by_time is None:
                continue
            try:
                values = ", ".join(
                    f"{NAMES[i]} {median(workload, n, i, 'us_per_op', renderer):,.1f}"
                    for i in ("c", "gtkbridge", "pygobject"))
            except KeyError:
                values = ""
            where = "" if n == 1 else f" at N = {n:,}"
            what = ("≤ 1.5 × PyGObject" if workload.startswith("W7")
                    else "not slower than PyGObject")
            out.append((f"{workload} {what} in time{where}, {RENDERER_NAMES[renderer]}",
                        f"**{by_time:.2f} ×** PyGObject ({values} µs/op)", by_time <= limit))

    # Kept from issue 10: GTK calls per keystroke equal C's, function by function; W1 memory.
    for (impl, workload, n) in sorted(counts):
        if impl != "gtkbridge" or not (workload == "W2" or workload.endswith("-key")):
            continue
        diff = call_difference(counts, workload, n)
        measured = "equal" if not diff else "GtkBridge − C: " + ", ".join(
            f"{name} {delta:+g}" for name, delta in sorted(diff.items()))
        out.append((f"{workload} GTK calls per keystroke equal C's, N = {n:,} (issue 10)",
                    measured, not diff))
    if wanted("W1"):
        (n1, _), = config["W1"]
        value = median("W1", n1, "gtkbridge", "maxrss_kb") / median("W1", n1, "c", "maxrss_kb")
        out.append(("W1 peak RSS ≤ 1.3 × C (issue 10)", f"{value:.2f} ×", value <= 1.3))
    return out


def evaluate_targets_issue6(config, median, counts):
    """Issue 6's targets (W1-W5, timings), kept for comparison with earlier runs."""
    out = []

    def r(workload, n, key, impl="gtkbridge", base="c"):
        return median(workload, n, impl, key) / median(workload, n, base, key)

    (n1, _), = config["W1"]
    value = r("W1", n1, "seconds")
    out.append(("W1 time ≤ 1.2 × C", f"{value:.2f} ×", value <= 1.2))
    value = r("W1", n1, "maxrss_kb")
    out.append(("W1 peak RSS ≤ 1.3 × C", f"{value:.2f} ×", value <= 1.3))
    for workload in ["W2", "W3", "W4"]:
        (n, _), = config[workload]
        value = r(workload, n, "us_per_op")
        out.append((f"{workload} ≤ 1.10 × C", f"{value:.2f} ×", value <= 1.10))
    n_small, n_large = config["W5"][0][0], config["W5"][-1][0]
    value = median("W5", n_large, "gtkbridge", "us_per_op") / median(
        "W5", n_small, "gtkbridge", "us_per_op")
    out.append((f"W5 time per update at N = {n_large:,} ≤ 1.5 × at N = {n_small:,}",
                f"{value:.2f} ×", value <= 1.5))
    per_n = sorted({round(counts[("gtkbridge", "W5", n)][0], 2) for (n, _ops) in config["W5"]})
    out.append(("W5 GTK calls per update independent of N",
                " / ".join(f"{counts[('gtkbridge', 'W5', n)][0]:g}"
                           for (n, _ops) in config["W5"]),
                len(per_n) == 1))
    # "Beyond noise": 5 %; "clearly faster": at least 15 %.
    slower = []
    cases = [("W1", n1, "seconds")] + [(w, config[w][0][0], "us_per_op")
                                        for w in ["W2", "W3", "W4"]]
    cases += [("W5", n, "us_per_op") for (n, _ops) in config["W5"]]
    worst = min(r(w, n, key, "pygobject", "gtkbridge") for (w, n, key) in cases)
    for (w, n, key) in cases:
        if r(w, n, key, "pygobject", "gtkbridge") < 0.95:
            slower.append(f"{w}" + (f" N={n:,}" if w == "W5" else ""))
    out.append(("never slower than PyGObject beyond noise (5 %)",
                "slower on " + ", ".join(slower) if slower else
                f"PyGObject/GtkBridge ≥ {worst:.2f} everywhere", not slower))
    for workload in ["W2", "W3", "W5"]:
        ns = [n for (n, _ops) in config[workload]]
        values = [r(workload, n, "us_per_op", "pygobject", "gtkbridge") for n in ns]
        out.append((f"{workload} clearly faster than PyGObject (≥ 1.15 ×)",
                    " / ".join(f"{v:.2f} ×" for v in values), min(values) >= 1.15))
    return out


def draw_chart(rows, path):
    """A horizontal bar chart, each figure relative to C, drawn with ImageMagick's convert
    (a project dependency already; matplotlib would bring fonts that change GTK's own text
    rendering cost on this machine). Bars past the scale's end are cut, their value written."""
    timed = [r for r in rows
             if r[1] in ("ms", "µs/op", "µs/update", "MiB") and "default renderer" not in r[0]]

    def short(label):
        if label.startswith("W1"):
            return "W1 first frame, " + ("peak RSS" if "RSS" in label else "time")
        if label.startswith("W5"):
            return "W5 one row updated, N = " + re.search(r"N = ([0-9,]+)", label).group(1)
        if label[:2] in ROWS:
            op = "keystroke" if "keystroke" in label else "state → text"
            return f"{label[:2]} {op}, N = " + re.search(r"N = ([0-9,]+)", label).group(1)
        return {"W2": "W2 keystroke to state and label", "W3": "W3 state to field text",
                "W4": "W4 state to focus move"}[label[:2]]

    colors = {"c": "#4c72b0", "gtkbridge": "#dd8452", "pygobject": "#55a868"}
    left, top, bar, gap, plot_width = 250, 70, 14, 16, 560
    height = top + len(timed) * (3 * bar + gap) + 50
    ratios = [[r[2 + k] / r[2] if r[2] else 0 for k in range(3)] for r in timed]
    scale_max = min(5.0, max(2.0, max(max(v) for v in ratios) * 1.1))
    x = lambda value: left + min(value, scale_max) / scale_max * plot_width  # noqa: E731
    draw = [f"fill black font-size 16 text {left},24 'GtkBridge vs C vs PyGObject on GTK 4'",
            "font-size 11"]
    for k, impl in enumerate(IMPLS):
        lx = left + k * 120
        draw.append(f"fill {colors[impl]} rectangle {lx},36 {lx + 14},48")
        draw.append(f"fill black text {lx + 20},47 '{NAMES[impl]}'")
    y = top
    for label, values in zip((short(r[0]) for r in timed), ratios):
        draw.append(f"fill black text 8,{y + int(1.9 * bar)} '{label}'")
        for k, impl in enumerate(IMPLS):
            y0 = y + k * bar
            draw.append(f"fill {colors[impl]} rectangle {left},{y0} {x(values[k]):.0f},"
                        f"{y0 + bar - 2}")
            draw.append(f"fill black text {x(values[k]) + 4:.0f},{y0 + bar - 3} "
                        f"'{values[k]:.2f}'")
        y += 3 * bar + gap
    axis_y = y
    draw.append(f"stroke black line {x(1):.0f},{top - 6} {x(1):.0f},{axis_y} stroke none")
    for tick in range(0, int(scale_max) + 1):
        draw.append(f"fill black text {x(tick) - 3:.0f},{axis_y + 14} '{tick}'")
    draw.append(f"fill black text {left},{axis_y + 32} 'median time (W1 RSS: peak memory) "
                "relative to C, cairo renderer; lower is better'")
    width = left + plot_width + 90
    try:
        subprocess.run(["convert", "-size", f"{width}x{height}", "xc:white", "-font",
                        "DejaVu-Sans", "-draw", " ".join(draw), path], check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"could not draw the chart with ImageMagick's convert ({error}); "
              "Debian: imagemagick")


if __name__ == "__main__":
    main()
