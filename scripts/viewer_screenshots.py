"""Screenshots of ``nqueens view`` for the documentation: the real window on a private X server, grabbed.

Starts its own Xvfb (the display number Xvfb picks), opens the viewer there, drives it as a user would (the
window's own methods, one per control), and grabs the window's pixels with Pillow's ``ImageGrab`` (from the
X server itself, so what is saved is what the window draws). Writes three PNG files into the folder given
(``docs/`` for the documentation) and prints their paths:

- ``viewer.png``: the solutions mode, the 8-queens solution 10 of 92;
- ``viewer-search.png``: the search mode with arc consistency (MAC) on 8 queens, at the first dead end after
  the second solution (a queen that leaves a row no column), the domains shaded and the search tree beside;
- ``viewer-instance.png``: a blocked 8-queens instance (blocked squares, a pre-placed queen, an excluded
  diagonal) searched with dancing links, at the first choice after its first solution.

Usage::

    .venv/bin/python scripts/viewer_screenshots.py docs/

Needs Xvfb (``apt-get install xvfb``) and Pillow (installed with matplotlib, the ``plot`` extra).
"""

import argparse
import gc
import os
import select
import shutil
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

__all__ = ["main", "INSTANCE"]

# The instance of the third picture: three blocked squares, a queen given on (2, 4), the diagonal r + c = 9 out.
INSTANCE = {"n": 8, "blocked": [[0, 0], [3, 4], [7, 7]], "queens": [[2, 4]], "excluded_sum": [9]}


def main(argv=None):
    p = argparse.ArgumentParser(description="screenshots of nqueens view, taken under a private Xvfb")
    p.add_argument("out", type=Path, help="folder to write the PNG files into (created)")
    args = p.parse_args(argv)
    if shutil.which("Xvfb") is None:
        print("error: this script needs Xvfb (apt-get install xvfb)", file=sys.stderr)
        return 2
    try:
        from PIL import ImageGrab
    except ImportError:
        print("error: this script needs Pillow: pip install 'nqueens[plot]'", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    with _xvfb() as display:
        os.environ["DISPLAY"] = display
        for name, shoot in (
            ("viewer.png", _solutions),
            ("viewer-search.png", _search),
            ("viewer-instance.png", _instance),
        ):
            path = args.out / name
            _grab(shoot, display, path, ImageGrab)
            print(path)
    return 0


def _solutions(viewer):
    for _ in range(10):
        viewer.next()


def _search(viewer):
    viewer.set_mode("search")
    viewer.set_search("arc-consistency")
    viewer.next_solution()
    viewer.next_solution()
    viewer.next()
    while viewer.player.event.kind != "fail":
        viewer.next()


def _instance(viewer):
    viewer.set_mode("search")
    viewer.set_search("dlx")
    viewer.next_solution()
    while viewer.player.event.kind != "choose":
        viewer.next()


def _grab(shoot, display, path, image_grab):
    import tkinter as tk

    from nqueens.core.instance_io import parse_instance
    from nqueens.viewer.window import Viewer

    root = tk.Tk()
    try:
        instance = parse_instance(_json(INSTANCE), fmt="json") if shoot is _instance else None
        viewer = Viewer(root, 8, instance=instance)
        root.geometry("+0+0")
        _settle(viewer)
        shoot(viewer)
        _settle(viewer)
        x, y = root.winfo_rootx(), root.winfo_rooty()
        box = (x, y, x + root.winfo_width(), y + root.winfo_height())
        image_grab.grab(bbox=box, xdisplay=display).save(path)
        viewer.shutdown()
    finally:
        root.destroy()
        # The window's objects hold Tk variables in reference cycles: collect them here, in the main thread. Left
        # to the collector, they may be freed later in the next window's search thread, and Tcl aborts the
        # process ("Tcl_AsyncDelete: async handler deleted by the wrong thread").
        viewer = root = None
        gc.collect()


def _settle(viewer, timeout=60):
    import time

    deadline = time.monotonic() + timeout
    viewer.master.update()
    while viewer.mode == "solutions" and not viewer.counts_ready and time.monotonic() < deadline:
        time.sleep(0.05)
        viewer.master.update()
    viewer.master.update()
    time.sleep(0.2)
    viewer.master.update()


def _json(value):
    import json

    return json.dumps(value)


@contextmanager
def _xvfb():
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        ready, _, _ = select.select([read], [], [], 30)
        number = os.read(read, 16).decode().strip() if ready else ""
        if not number.isdigit():
            raise SystemExit("error: Xvfb did not report a display number within 30 s")
        yield f":{number}"
    finally:
        os.close(read)
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
