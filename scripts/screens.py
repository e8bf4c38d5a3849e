"""Redraw docs/screens/: a small PNG of every key moment of the tablet tour, at 1024x768,
768x1024 (French) and 390x844 (English, touch).

    python3 scripts/screens.py            # all three sizes (a few minutes)
    python3 scripts/screens.py 390x844    # one size

It runs tests/e2e/test_tablet_tour.py with LUDO_SCREENS set, so the pictures show exactly
what the tour checked; ordinary test runs write no pictures.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screens"


def main(sizes) -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, LUDO_SCREENS=str(OUT))
    select = ["-k", " or ".join(sizes)] if sizes else []
    code = subprocess.call([sys.executable, "-m", "pytest", "tests/e2e/test_tablet_tour.py", "-q", *select],
                           cwd=ROOT, env=env)
    total = sum(p.stat().st_size for p in OUT.glob("*.png"))
    biggest = max(OUT.glob("*.png"), key=lambda p: p.stat().st_size, default=None)
    print(f"{len(list(OUT.glob('*.png')))} pictures, {total / 1024:.0f} KB in all"
          + (f", largest {biggest.name} {biggest.stat().st_size / 1024:.0f} KB" if biggest else ""))
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
