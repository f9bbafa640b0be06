#!/usr/bin/python3
"""PyGObject side of the GtkBridge benchmarks: idiomatic GTK 4 Python, same work as bench.c.

    /usr/bin/python3 bench.py WORKLOAD N OPS

Prints one JSON line. Each text field's two-way sync is the one a careful programmer writes
by hand: a "changed" handler copies the widget's text into the model; a model change is
compared with the widget's text, and set with that handler blocked (no echo).
"""
import ctypes
import json
import os
import resource
import sys
import time

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

TYPED = "abcdefgh"


class Region:
    """The callgrind region markers of region.c, when BENCH_REGION names that library."""

    def __init__(self):
        path = os.environ.get("BENCH_REGION")
        library = ctypes.CDLL(path) if path else None
        self.begin = library.bench_region_begin if library else (lambda: None)
        self.end = library.bench_region_end if library else (lambda: None)


REGION = Region()


WITH_FRAMES = bool(os.environ.get("BENCH_FRAMES")) and not os.environ.get("BENCH_NO_PRESENT")
FRAME_WINDOW = []  # the window whose frames BENCH_FRAMES waits for: the last one shown


def drain():
    """Processes every pending GTK event, without waiting (the same in all three), and with
    BENCH_FRAMES ends the operation with a frame."""
    context = GLib.MainContext.default()
    while context.iteration(False):
        pass
    if WITH_FRAMES:
        end_frame()


def end_frame():
    """One frame of the shown window (BENCH_FRAMES, Benchmarks/profile --shown): a paint phase
    requested and the loop run until it is over, as in the C runner's end_frame."""
    if not FRAME_WINDOW or not FRAME_WINDOW[-1].get_mapped():
        return
    painted = []
    clock = FRAME_WINDOW[-1].get_frame_clock()
    handler = clock.connect("after-paint", lambda _clock: painted.append(True))
    clock.request_phase(Gdk.FrameClockPhase.PAINT)
    context = GLib.MainContext.default()
    while not painted:
        context.iteration(True)
    clock.disconnect(handler)
    while context.iteration(False):
        pass


def wait_first_frame(window):
    """Iterates the loop until the window's frame clock has painted once."""
    FRAME_WINDOW[:] = [window]
    painted = []
    clock = window.get_frame_clock()
    handler = clock.connect("after-paint", lambda _clock: painted.append(True))
    context = GLib.MainContext.default()
    while not painted:
        context.iteration(True)
    clock.disconnect(handler)


class Field:
    """One GtkEntry bound to one string of the model, both ways."""

    def __init__(self, model, index, placeholder=None):
        self.model = model
        self.index = index
        self.entry = Gtk.Entry()
        if placeholder is not None:
            self.entry.set_placeholder_text(placeholder)
        self.entry.field_index = index
        self.changed_id = self.entry.connect("changed", self.on_changed)

    def on_changed(self, entry):
        text = entry.get_text()
        if self.model.texts[self.index] != text:
            self.model.set_text(self.index, text, from_widget=True)

    def sync(self):
        text = self.model.texts[self.index]
        if self.entry.get_text() == text:
            return
        with self.entry.handler_block(self.changed_id):
            self.entry.set_text(text)
        # An unfocused field shows no cursor; GtkBridge places it when focus arrives.
        if self.entry.get_delegate().has_focus():
            self.entry.set_position(-1)


class Model:
    """The app's state: one string per field, the focused field, and who shows them."""

    def __init__(self, n, label_index=0):
        self.texts = [""] * n
        self.focus = None
        self.fields = []
        self.label = None
        self.label_index = label_index
        self.changes = 0  # W7, W8: what their .onChange does

    def set_text(self, index, text, from_widget=False):
        if self.texts[index] != text:
            self.changes += 1
        self.texts[index] = text
        if not from_widget:
            self.fields[index].sync()
        if self.label is not None and index == self.label_index:
            self.label.set_text(text)

    def set_focus(self, index, from_widget=False):
        self.focus = index
        if not from_widget and index is not None:
            entry = self.fields[index].entry
            focus = entry.get_root().get_focus()
            if focus is None or not (focus is entry or focus.is_ancestor(entry)):
                entry.grab_focus()


def make_window(model, n, label=False, placeholder=None):
    window = Gtk.Window(title="bench", default_width=640, default_height=480)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=8)
    for index in range(n):
        field = Field(model, index, placeholder)
        model.fields.append(field)
        box.append(field.entry)
    if label:
        model.label = Gtk.Label(label="", xalign=0, wrap=True)
        box.append(model.label)
    window.set_child(box)

    def focus_changed(win, _pspec):
        focus = win.get_focus()
        while focus is not None and not hasattr(focus, "field_index"):
            focus = focus.get_parent()
        index = focus.field_index if focus is not None else None
        if model.focus != index:
            model.set_focus(index, from_widget=True)

    window.connect("notify::focus-widget", focus_changed)
    return window


def result(workload, n, ops, seconds, ok, **extra):
    out = {
        "impl": "pygobject",
        "workload": workload,
        "n": n,
        "ops": ops,
        "seconds": seconds,
        "us_per_op": seconds / ops * 1e6 if ops else None,
        "maxrss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        "ok": ok,
    }
    out.update(extra)
    print(json.dumps(out), flush=True)


def w1(n, _ops):
    REGION.begin()
    start = time.perf_counter()
    model = Model(n)
    window = make_window(model, n)
    window.present()
    wait_first_frame(window)
    seconds = time.perf_counter() - start
    REGION.end()
    ok = len(model.fields) == n and model.fields[-1].entry.get_mapped()
    result("W1", n, 0, seconds, ok)


def keystroke(text, op):
    """Keystroke `op` of the 16-step cycle every keystroke workload types (TYPED, then
    backspaced). One cycle runs before the measured region, as in the other runners: the
    first use of each glyph is one-off work (font loading, shaping caches)."""
    step = op % (2 * len(TYPED))
    if step < len(TYPED):
        text.emit("insert-at-cursor", TYPED[step])
    else:
        text.emit("backspace")
    drain()


def w2(_n, ops):
    model = Model(1)
    window = make_window(model, 1, label=True)
    show(window)
    model.fields[0].entry.grab_focus()
    drain()
    text = model.fields[0].entry.get_delegate()
    for op in range(16):
        keystroke(text, op)
    REGION.begin()
    start = time.perf_counter()
    for op in range(ops):
        keystroke(text, op)
    seconds = time.perf_counter() - start
    REGION.end()
    expected = TYPED[: ops % 16] if ops % 16 <= 8 else TYPED[: 16 - ops % 16]
    ok = model.texts[0] == expected and model.label.get_text() == expected
    result("W2", 1, ops, seconds, ok)


def w3(_n, ops):
    model = Model(1)
    window = make_window(model, 1)
    show(window)
    REGION.begin()
    start = time.perf_counter()
    for op in range(ops):
        model.set_text(0, "value %d" % op)
        drain()
    seconds = time.perf_counter() - start
    REGION.end()
    ok = model.fields[0].entry.get_text() == "value %d" % (ops - 1)
    result("W3", 1, ops, seconds, ok)


def w4(n, ops):
    model = Model(n)
    window = make_window(model, n)
    show(window)
    REGION.begin()
    start = time.perf_counter()
    for op in range(ops):
        model.set_focus((op + 1) % n)
        drain()
    seconds = time.perf_counter() - start
    REGION.end()
    last = ops % n
    entry = model.fields[last].entry
    ok = model.focus == last and window.get_focus().is_ancestor(entry)
    result("W4", n, ops, seconds, ok)


def w5(n, ops):
    model = Model(n)
    window = make_window(model, n)
    drain()
    REGION.begin()
    start = time.perf_counter()
    for op in range(ops):
        model.set_text((op * 7919) % n, "row %d" % op)
        drain()
    seconds = time.perf_counter() - start
    REGION.end()
    last = ((ops - 1) * 7919) % n
    ok = ops == 0 or model.fields[last].entry.get_text() == "row %d" % (ops - 1)
    result("W5", n, ops, seconds, ok)
    window.destroy()


def show(window):
    """Presents the window and waits for its first frame, unless BENCH_NO_PRESENT is set."""
    if os.environ.get("BENCH_NO_PRESENT"):
        drain()
        return
    window.present()
    wait_first_frame(window)


def make_rows(workload, n):
    """W6-W8: N fields and a label showing row N / 2. As in C, one program: W7 and W8 have a
    "Name" placeholder and count their rows' changes (their .onChange)."""
    model = Model(n, label_index=n // 2)
    placeholder = None if workload.startswith("W6") else "Name"
    return model, make_window(model, n, label=True, placeholder=placeholder)


def focused_row(model, window):
    focus = window.get_focus()
    if focus is None:
        return None
    for index, field in enumerate(model.fields):
        if focus is field.entry or focus.is_ancestor(field.entry):
            return index
    return None


def rows_key(workload, n, ops):
    """W6-key, W7-key, W8-key: W2's keystrokes into row N / 2, focused by a grab."""
    model, window = make_rows(workload, n)
    shown = n // 2
    show(window)
    model.fields[shown].entry.grab_focus()
    drain()
    text = model.fields[shown].entry.get_delegate()
    for op in range(16):
        keystroke(text, op)
    REGION.begin()
    start = time.perf_counter()
    for op in range(ops):
        keystroke(text, op)
    seconds = time.perf_counter() - start
    REGION.end()
    expected = TYPED[: ops % 16] if ops % 16 <= 8 else TYPED[: 16 - ops % 16]
    ok = (model.texts[shown] == expected and model.fields[shown].entry.get_text() == expected
          and model.label.get_text() == expected and model.texts[0] == ""
          and model.fields[0].entry.get_text() == "" and model.focus == shown
          and model.changes == ops + 16)
    result(workload, n, ops, seconds, ok)
    window.destroy()


def set_row(op, n):
    """The row W6-set, W7-set and W8-set write at operation `op`: 7919·op mod N, skipping the
    row the label shows (so each write reaches one field and nothing else, at every N)."""
    row = (op * 7919) % n
    return (row + 1) % n if row == n // 2 else row


def rows_set(workload, n, ops):
    """W6-set, W7-set, W8-set: the app writes row set_row(op, N)'s text."""
    model, window = make_rows(workload, n)
    shown = n // 2
    show(window)
    REGION.begin()
    start = time.perf_counter()
    for op in range(ops):
        model.set_text(set_row(op, n), "value %d" % op)
        drain()
    seconds = time.perf_counter() - start
    REGION.end()
    ok = True
    if ops:
        last = set_row(ops - 1, n)
        expected = "value %d" % (ops - 1)
        ok = model.fields[last].entry.get_text() == expected and model.texts[last] == expected
    ok = (ok and model.label.get_text() == model.texts[shown]
          and model.fields[shown].entry.get_text() == model.texts[shown]
          and model.changes == ops and model.focus == focused_row(model, window))
    result(workload, n, ops, seconds, ok)
    window.destroy()


def main():
    workload, n, ops = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    Gtk.init()
    if WITH_FRAMES:
        # Shown and counted frame by frame: a blinking cursor would add frames by wall time.
        Gtk.Settings.get_default().set_property("gtk-cursor-blink", False)
    if workload in ("W6-key", "W7-key", "W8-key"):
        rows_key(workload, n, ops)
    elif workload in ("W6-set", "W7-set", "W8-set"):
        rows_set(workload, n, ops)
    else:
        {"W1": w1, "W2": w2, "W3": w3, "W4": w4, "W5": w5}[workload](n, ops)


if __name__ == "__main__":
    main()
