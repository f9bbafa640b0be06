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

FULL = {
    "reps": 5,
    "W1": [(2000, 0)],
    "W2": [(1, 50000)],
    "W3": [(1, 50000)],
    "W4": [(100, 20000)],
    "W5": [(100, 20000), (1000, 20000), (10000, 20000)],
    "count_ops": 200,
}
QUICK = {
    "reps": 1,
    "W1": [(200, 0)],
    "W2": [(1, 2000)],
    "W3": [(1, 2000)],
    "W4": [(100, 1000)],
    "W5": [(100, 2000), (1000, 2000)],
    "count_ops": 50,
}

WHAT = {
    "W1": "build and present {n} bound text fields, to the first frame",
    "W2": "keystroke into the focused field, text to state and to a label",
    "W3": "state-driven text change reaching the field",
    "W4": "state-driven focus move across {n} fields",
    "W5": "one row's text changed among N = {n}",
}


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


def count_gtk_calls(impl, bins, n, ops, scratch):
    """GTK calls per update in W5, counted by tools/gtkcount.c (LD_AUDIT) in the region."""
    out = os.path.join(scratch, f"gtkcount-{impl}-{n}.txt")
    env = dict(os.environ, LD_AUDIT=os.path.join(bins, "libgtkcount.so"), GTKCOUNT_OUT=out,
               BENCH_REGION=os.path.join(bins, "libbench-region.so"))
    run_one(impl, bins, "W5", n, ops, env=env)
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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--reps", type=int)
    parser.add_argument("--bins", required=True)
    parser.add_argument("--out", required=True, help="the Markdown report to write")
    parser.add_argument("--chart", required=True, help="the PNG chart to write")
    parser.add_argument("--json", help="also write every raw result here")
    args = parser.parse_args()
    config = QUICK if args.quick else FULL
    reps = args.reps or config["reps"]
    scratch = os.path.dirname(os.path.abspath(args.json or args.out))
    started = time.time()

    # (workload, n) -> impl -> [results]
    raw = {}
    cases = [(w, n, ops) for w in ["W1", "W2", "W3", "W4", "W5"] for (n, ops) in config[w]]
    for rep in range(reps):
        for index, (workload, n, ops) in enumerate(cases):
            # Interleaved: every case runs all three before the next; the order rotates.
            shift = (rep + index) % len(IMPLS)
            for impl in IMPLS[shift:] + IMPLS[:shift]:
                result = run_one(impl, args.bins, workload, n, ops)
                raw.setdefault((workload, n), {}).setdefault(impl, []).append(result)
                value = result["seconds"] if workload == "W1" else result["us_per_op"]
                unit = "s" if workload == "W1" else "µs/op"
                print(f"  rep {rep + 1}/{reps} {workload} N={n:<5} {NAMES[impl]:<9} "
                      f"{value:10.3f} {unit}  maxrss {result['maxrss_kb'] / 1024:6.1f} MiB",
                      flush=True)

    counts = {}
    for (n, _ops) in config["W5"]:
        for impl in IMPLS:
            counts[(impl, n)] = count_gtk_calls(impl, args.bins, n, config["count_ops"], scratch)

    def median(workload, n, impl, key):
        return statistics.median(r[key] for r in raw[(workload, n)][impl])

    rows = []  # (label, unit, c, gtkbridge, pygobject)
    (n1, _), = config["W1"]
    rows.append((f"W1 {WHAT['W1'].format(n=n1)}: time", "ms",
                 *[median("W1", n1, i, "seconds") * 1e3 for i in IMPLS]))
    rows.append((f"W1 {WHAT['W1'].format(n=n1)}: peak RSS", "MiB",
                 *[median("W1", n1, i, "maxrss_kb") / 1024 for i in IMPLS]))
    for workload in ["W2", "W3", "W4"]:
        (n, ops), = config[workload]
        rows.append((f"{workload} {WHAT[workload].format(n=n)} ({ops:,} ops)", "µs/op",
                     *[median(workload, n, i, "us_per_op") for i in IMPLS]))
    for (n, ops) in config["W5"]:
        rows.append((f"W5 {WHAT['W5'].format(n=f'{n:,}')} ({ops:,} updates)", "µs/update",
                     *[median("W5", n, i, "us_per_op") for i in IMPLS]))
    for (n, _ops) in config["W5"]:
        rows.append((f"W5 GTK calls per update, N = {n:,}", "calls",
                     *[counts[(i, n)][0] for i in IMPLS]))
    n_small, n_large = config["W5"][0][0], config["W5"][-1][0]
    rows.append((f"W5 time per update, N = {n_large:,} / N = {n_small:,}", "×",
                 *[ratio(median("W5", n_large, i, "us_per_op"),
                         median("W5", n_small, i, "us_per_op")) for i in IMPLS]))

    header = ("| workload | unit | C | GtkBridge | PyGObject | GtkBridge/C | PyGObject/GtkBridge |\n"
              "| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    lines = [header]
    for label, unit, c, bridge, py in rows:
        digits = 2 if unit in ("×",) else 1
        lines.append(f"| {label} | {unit} | {fmt(c, digits)} | {fmt(bridge, digits)} | "
                     f"{fmt(py, digits)} | {fmt(ratio(bridge, c), 2)} | "
                     f"{fmt(ratio(py, bridge), 2)} |")
    table = "\n".join(lines)
    print()
    print(table)

    machine = machine_line()
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    elapsed = time.time() - started
    call_lists = []
    for (n, _ops) in config["W5"][:1]:
        for impl in IMPLS:
            per = counts[(impl, n)][1]
            listing = ", ".join(f"{name} {count:g}" for name, count in sorted(per.items()))
            call_lists.append(f"- {NAMES[impl]}: {listing}")

    targets = evaluate_targets(config, median, counts)
    notes_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "notes.md")
    notes = open(notes_path).read().strip() if os.path.exists(notes_path) else ""

    report = [
        "<!-- Written by Benchmarks/run" + (" --quick" if args.quick else "") +
        "; edit Benchmarks/tools/driver.py, not this file. -->",
        "# Benchmarks" + (" (quick run: smoke test, figures not meaningful)" if args.quick else ""),
        "",
        f"Machine: {machine}.",
        f"Date: {date}. Median of {reps} run(s) per figure, implementations interleaved; "
        f"the whole run took {elapsed / 60:.1f} min.",
        "",
        "Reproduce: `Benchmarks/run` (about 5 minutes; `Benchmarks/run --quick` is the CI "
        "smoke test). How each figure is made: [Benchmarks/README.md](Benchmarks/README.md).",
        "",
        table,
        "",
        f"![Time relative to C, per workload]({os.path.relpath(args.chart, os.path.dirname(os.path.abspath(args.out)))})",
        "",
        "## Targets (issue 6)",
        "",
        "| target | measured | met |",
        "| --- | --- | --- |",
        *[f"| {name} | {value} | {'yes' if met else '**no**'} |" for name, value, met in targets],
        "",
        f"GTK calls per W5 update at N = {config['W5'][0][0]:,}, by function (counted with "
        "`LD_AUDIT`, see Benchmarks/README.md):",
        "",
        *call_lists,
        "",
        *([notes, ""] if notes and not args.quick else []),
    ]
    with open(args.out, "w") as file:
        file.write("\n".join(report))
    if args.json:
        with open(args.json, "w") as file:
            json.dump({"raw": {f"{w} {n}": v for (w, n), v in raw.items()},
                       "counts": {f"{i} {n}": v for (i, n), v in counts.items()},
                       "rows": rows, "machine": machine, "date": date}, file, indent=1)
    draw_chart(rows, args.chart)
    print(f"\nwrote {args.out} and {args.chart} ({elapsed:.0f} s)")


def evaluate_targets(config, median, counts):
    """The issue's targets against this run: (target, measured, met)."""
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
    per_n = sorted({round(counts[("gtkbridge", n)][0], 2) for (n, _ops) in config["W5"]})
    out.append(("W5 GTK calls per update independent of N",
                " / ".join(f"{counts[('gtkbridge', n)][0]:g}" for (n, _ops) in config["W5"]),
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
    rendering cost on this machine)."""
    timed = [r for r in rows if r[1] in ("ms", "µs/op", "µs/update", "MiB")]

    def short(label):
        if label.startswith("W1"):
            return "W1 first frame, " + ("peak RSS" if "RSS" in label else "time")
        if label.startswith("W5"):
            return "W5 one row updated, N = " + re.search(r"N = ([0-9,]+)", label).group(1)
        return {"W2": "W2 keystroke to state and label", "W3": "W3 state to field text",
                "W4": "W4 state to focus move"}[label[:2]]

    colors = {"c": "#4c72b0", "gtkbridge": "#dd8452", "pygobject": "#55a868"}
    left, top, bar, gap, plot_width = 250, 70, 14, 16, 560
    height = top + len(timed) * (3 * bar + gap) + 50
    ratios = [[r[2 + k] / r[2] if r[2] else 0 for k in range(3)] for r in timed]
    scale_max = max(2.0, max(max(v) for v in ratios) * 1.1)
    x = lambda value: left + value / scale_max * plot_width  # noqa: E731
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
                "relative to C; lower is better'")
    width = left + plot_width + 70
    try:
        subprocess.run(["convert", "-size", f"{width}x{height}", "xc:white", "-font",
                        "DejaVu-Sans", "-draw", " ".join(draw), path], check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"could not draw the chart with ImageMagick's convert ({error}); "
              "Debian: imagemagick")


if __name__ == "__main__":
    main()
