"""The docs as a reader follows them: every relative link of README.md and docs/*.md leads to a
file of the checkout, every ``#anchor`` to a heading of its page (GitHub's heading slugs), and no
file of the project names a path of a developer's machine."""
from __future__ import annotations

import re
import subprocess
import unicodedata
from pathlib import Path
from typing import Dict, List, Set, Tuple

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))

FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
INLINE_CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"(?<!!)\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
IMAGE = re.compile(r"!\[[^\]]*\]\(\s*([^)\s]+)")
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$", re.M)
HTML_ID = re.compile(r"""<a\s+(?:name|id)=["']([^"']+)["']""")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: its text lowercased, markup dropped, every character that
    is not a letter, digit, space, ``-`` or ``_`` removed, spaces turned into ``-``."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # links and images: their text
    text = re.sub(r"<[^>]+>", "", text).replace("`", "").lower()
    kept = []
    for ch in text:
        cat = unicodedata.category(ch)
        if ch in " -_" or cat[0] in "LN" or cat == "Mn":
            kept.append(ch)
        elif cat[0] == "Z":
            kept.append(" ")
    return "".join(kept).replace(" ", "-")


def prose(text: str) -> str:
    """The text without code: links in code blocks and `inline code` are examples, not links."""
    return INLINE_CODE.sub("", FENCE.sub("", text))


def anchors(page: Path) -> Set[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    seen: Dict[str, int] = {}
    found = set(HTML_ID.findall(text))
    for _, title in HEADING.findall(text):
        base = slug(title)
        n = seen.get(base, 0)
        seen[base] = n + 1
        found.add(base if n == 0 else f"{base}-{n}")
    return found


def links(page: Path) -> List[str]:
    text = prose(page.read_text(encoding="utf-8"))
    return LINK.findall(text) + IMAGE.findall(text)


def broken(page: Path) -> List[Tuple[str, str]]:
    bad = []
    for target in links(page):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):  # https:, mailto:, …: not ours to check
            continue
        path_part, _, anchor = target.partition("#")
        dest = (page.parent / path_part).resolve() if path_part else page
        if not dest.exists():
            bad.append((target, "no such file"))
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            bad.append((target, f"no heading #{anchor} in {dest.name}"))
    return bad


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_and_anchor_resolves(page):
    assert links(ROOT / "README.md"), "the link reader finds no link in README.md"
    bad = broken(page)
    assert not bad, f"{page.relative_to(ROOT)}: " + "; ".join(f"({t}): {why}" for t, why in bad)


def test_slugs_follow_github():
    assert slug("Jeux / Games") == "jeux--games"
    assert slug("Boot hooks (shell ↔ Python)") == "boot-hooks-shell--python"
    assert slug("Timeline (replay, undo)") == "timeline-replay-undo"
    assert slug("`make bench` and L'Île des Mookies") == "make-bench-and-lîle-des-mookies"


def test_the_checker_finds_a_broken_link_and_a_missing_anchor(tmp_path):
    (tmp_path / "b.md").write_text("# Only heading\n\n## Twice\n\n## Twice\n")
    page = tmp_path / "a.md"
    page.write_text("[ok](b.md#twice-1) [gone](c.md) [bad](b.md#nope) `[code](x.md)`\n"
                    "```\n[fenced](y.md)\n```\n[web](https://example.org/x)\n")
    assert broken(page) == [("c.md", "no such file"), ("b.md#nope", "no heading #nope in b.md")]


# -- no machine paths --------------------------------------------------------------------------

# /home/pyodide is Pyodide's own working directory inside the browser, not a machine's
MACHINE_PATH = re.compile(r"(?<![\w.])(?:/work/|/tmp/|/root/|/home/(?!pyodide\b))")
SKIP_DIRS = ("vendor/", "node_modules/", "build/", "dist/")


def project_files() -> List[Path]:
    try:
        out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
        names = out.splitlines()
    except (OSError, subprocess.CalledProcessError):
        names = [str(p.relative_to(ROOT)) for p in ROOT.rglob("*") if p.is_file() and ".git" not in p.parts]
    return [ROOT / n for n in names if not n.startswith(SKIP_DIRS) and n != "package-lock.json"]


def test_no_file_names_a_path_of_a_developer_machine():
    me = Path(__file__).resolve()
    found = []
    for path in project_files():
        if path.resolve() == me or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # images, archives
        for n, line in enumerate(text.splitlines(), 1):
            if MACHINE_PATH.search(line):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()[:120]}")
    assert not found, "paths of a machine (write them relative to the checkout):\n" + "\n".join(found)
