"""The list benchmarks: N rows of "name ... count" (and, for "key", N text fields), opened,
edited, appended to, scrolled and typed into, by the implementations below in the same run:

  C, GtkListView   Benchmarks/c/lists.c listview   (a GListStore, a signal factory)
  C, GtkListBox    Benchmarks/c/lists.c listbox    (a row widget per element)
  LazyVStack       gtkbridge-bench L:lazy:…        (ScrollView { LazyVStack { ForEach } })
  List             gtkbridge-bench L:list:…        (List(items) { … })
  List, sections   gtkbridge-bench L:sections:…    (List { Section { 3 rows } Section { ForEach } })
  List, groups     gtkbridge-bench L:groups:…      (List { ForEach(groups) { Section { ForEach } } },
                                                    groups of 1,000 rows)

Figures are CPU seconds (user + system, getrusage) to the first frame for "open", CPU
milliseconds per operation (each ending with the frame it caused) for the others, and peak
RSS. Medians of --reps runs. The eager implementation (C's list box) is run only up to
--eager-max rows: at 100,000 it takes tens of seconds and a gigabyte a run. `List` of one
`ForEach` is a GtkListView, lazy like the lazy stack, and runs at every size.

  python3 lists.py --bins DIR [--quick] [--reps N] [--out FILE]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

IMPLS = [("c-listview", "C, GtkListView"), ("c-listbox", "C, GtkListBox"),
         ("lazy", "LazyVStack"), ("list", "List"), ("sections", "List, sections"),
         ("groups", "List, groups")]
WORKLOADS = [("open", "open to first frame (CPU s)"), ("edit", "rename a row (CPU ms)"),
             ("append", "append a row (CPU ms)"), ("scroll", "scroll 200 px (CPU ms)"),
             ("key", "keystroke into a field row (CPU ms)")]
EAGER = {"c-listbox"}


def command(bins, impl, workload, n, ops):
    if impl.startswith("c-"):
        return [os.path.join(bins, "bench-lists"), impl[2:], workload, str(n), str(ops)]
    return [os.path.join(bins, "gtkbridge-bench"), f"L:{impl}:{workload}", str(n), str(ops)]


def run(bins, impl, workload, n, ops):
    proc = subprocess.run(command(bins, impl, workload, n, ops), capture_output=True,
                          text=True, timeout=900)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    if proc.returncode != 0 or not lines:
        sys.stderr.write(proc.stdout + proc.stderr)
        raise SystemExit(f"lists: {impl} {workload} N={n}: exit {proc.returncode}, no result")
    result = json.loads(lines[-1])
    if not result["ok"]:
        raise SystemExit(f"lists: {impl} {workload} N={n}: wrong final state: {result}")
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bins", required=True)
    parser.add_argument("--quick", action="store_true", help="N = 1,000, one run: checks only")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--ops", type=int, default=40)
    parser.add_argument("--eager-max", type=int, default=10_000)
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--out", help="write the Markdown table here")
    args = parser.parse_args()
    sizes = [1000] if args.quick else [int(s) for s in args.sizes.split(",")]
    reps = 1 if args.quick else args.reps
    ops = 5 if args.quick else args.ops
    results = {}
    for rep in range(reps):
        for n in sizes:
            for workload, _ in WORKLOADS:
                # Interleaved, the order rotating, so a busy moment hits all alike.
                order = IMPLS[rep % len(IMPLS):] + IMPLS[:rep % len(IMPLS)]
                for impl, name in order:
                    if impl in EAGER and n > args.eager_max:
                        continue
                    result = run(args.bins, impl, workload, n, ops)
                    results.setdefault((impl, workload, n), []).append(result)
                    value = result["open_cpu"] if workload == "open" else result["op_cpu"] * 1e3
                    print(f"  rep {rep + 1}/{reps} {workload:<6} N={n:<6} {name:<15} "
                          f"{value:9.3f}  rss {result['rss_mb']:7.1f} MB", flush=True)

    def median(impl, workload, n, key):
        values = [r[key] for r in results.get((impl, workload, n), [])]
        return statistics.median(values) if values else None

    lines = ["| operation | N | " + " | ".join(name for _, name in IMPLS)
             + " | LazyVStack / C GtkListView |", "|---|---:|" + "---:|" * (len(IMPLS) + 1)]
    for workload, label in WORKLOADS:
        for n in sizes:
            cells = []
            key = "open_cpu" if workload == "open" else "op_cpu"
            scale = 1 if workload == "open" else 1e3
            for impl, _ in IMPLS:
                value = median(impl, workload, n, key)
                cells.append("–" if value is None else f"{value * scale:.2f}")
            lazy = median("lazy", workload, n, key)
            peer = median("c-listview", workload, n, key)
            ratio = f"{lazy / peer:.2f}x" if lazy and peer else "–"
            lines.append(f"| {label} | {n:,} | " + " | ".join(cells) + f" | {ratio} |")
    for n in sizes:
        cells = []
        for impl, _ in IMPLS:
            value = max((r["rss_mb"] for w, _ in WORKLOADS
                         for r in results.get((impl, w, n), [])), default=None)
            cells.append("–" if value is None else f"{value:.0f}")
        lazy = max((r["rss_mb"] for w, _ in WORKLOADS
                    for r in results.get(("lazy", w, n), [])), default=None)
        peer = max((r["rss_mb"] for w, _ in WORKLOADS
                    for r in results.get(("c-listview", w, n), [])), default=None)
        ratio = f"{lazy / peer:.2f}x" if lazy and peer else "–"
        lines.append(f"| peak memory (MB) | {n:,} | " + " | ".join(cells) + f" | {ratio} |")
    table = "\n".join(lines)
    print(table)
    if args.out:
        with open(args.out, "w") as file:
            file.write(table + "\n")


if __name__ == "__main__":
    main()
