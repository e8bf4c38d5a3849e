"""Progress lines and a deadline for the benchmarks (`make bench`).

A benchmark says what it is doing as it goes (one line a step, with the seconds spent) and
stops starting new work once its deadline has passed: it then prints what it has measured and
names what was cut. The deadline is checked between steps (a run, a game, a variant), so a
step already begun finishes; the steps that could wait forever (a page that never answers)
carry their own timeouts.
"""
from __future__ import annotations

import argparse
import time
from typing import List


class Pace:
    def __init__(self, name: str, seconds: float) -> None:
        self.name = name
        self.seconds = seconds
        self.t0 = time.monotonic()
        self.cut: List[str] = []

    def elapsed(self) -> float:
        return time.monotonic() - self.t0

    def over(self) -> bool:
        return self.elapsed() >= self.seconds

    def say(self, what: str) -> None:
        print(f"{self.name} [{self.elapsed():5.0f} s] {what}", flush=True)

    def skip(self, what: str) -> bool:
        """True, noting `what` as cut, when the deadline has passed: the caller skips it."""
        if self.over():
            self.cut.append(what)
            return True
        return False

    def report(self) -> None:
        """The last line: everything done, or what the deadline cut."""
        if self.cut:
            print(f"{self.name}: deadline of {self.seconds:.0f} s reached after {self.elapsed():.0f} s; "
                  f"cut: {'; '.join(self.cut)}. The figures above cover what was measured.", flush=True)
        else:
            print(f"{self.name}: done in {self.elapsed():.0f} s", flush=True)


def add_deadline(ap: argparse.ArgumentParser, seconds: float) -> None:
    ap.add_argument("--deadline", type=float, default=seconds, metavar="SECONDS",
                    help=f"stop starting new work after this many seconds, print what was measured "
                         f"and what was cut (default {seconds:.0f})")
