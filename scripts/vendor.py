#!/usr/bin/env python3
"""Vendor the browser runtime (PyScript core + Pyodide) into vendor/.

Reads scripts/vendor-lock.json, fetches each pinned npm tarball with
`npm pack NAME@VERSION` (the registry's tarball, byte for byte), or, when npm
is not installed, downloads that same tarball from the registry; checks its
sha256 against the lock, and copies only the files the page requests into
vendor/pyscript/ and vendor/pyodide/. Writes vendor/VERSIONS.json (versions,
tarball sha256, every copied file with its size and sha256).

Idempotent: when vendor/VERSIONS.json matches the lock and every file on disk
still has its recorded sha256, nothing is fetched.

    python3 scripts/vendor.py           # vendor (or check and skip)
    python3 scripts/vendor.py --check   # verify only; exit 1 if vendor/ is stale
    python3 scripts/vendor.py --force   # fetch and copy again
"""
from __future__ import annotations

import argparse
import fnmatch
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "scripts" / "vendor-lock.json"
VENDOR = ROOT / "vendor"
VERSIONS = VENDOR / "VERSIONS.json"
DEFAULT_REGISTRY = "https://registry.npmjs.org/"


class VendorError(Exception):
    """A failure with a message meant for the person running the script."""


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def load_lock() -> dict:
    try:
        return json.loads(LOCK.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise VendorError(f"missing {LOCK.relative_to(ROOT)}") from None
    except json.JSONDecodeError as e:
        raise VendorError(f"{LOCK.relative_to(ROOT)} is not valid JSON: {e}") from None


def vendor_is_current(lock: dict) -> tuple[bool, str]:
    """Whether vendor/ holds exactly what the lock asks for (and why not)."""
    if not VERSIONS.exists():
        return False, "vendor/VERSIONS.json is missing"
    try:
        recorded = json.loads(VERSIONS.read_text(encoding="utf-8"))
    except json.JSONDecodeError:
        return False, "vendor/VERSIONS.json is not valid JSON"
    rec_pkgs = recorded.get("packages", {})
    for name, spec in lock["packages"].items():
        rec = rec_pkgs.get(name)
        if not rec:
            return False, f"{name} is not vendored"
        if rec.get("version") != spec["version"]:
            return False, f"{name} {rec.get('version')} is vendored, the lock pins {spec['version']}"
        if rec.get("tarball_sha256") != spec["tarball_sha256"]:
            return False, f"the lock's sha256 of {name} {spec['version']} differs from the vendored one"
        if rec.get("patterns") != spec["files"] or rec.get("dest") != spec["dest"]:
            return False, f"the file list of {name} changed in the lock"
    if set(rec_pkgs) != set(lock["packages"]):
        return False, "vendor/ holds packages the lock does not list"
    for rel, meta in recorded.get("files", {}).items():
        path = ROOT / rel
        if not path.is_file():
            return False, f"{rel} is missing"
        if path.stat().st_size != meta["size"] or sha256_file(path) != meta["sha256"]:
            return False, f"{rel} differs from the vendored copy"
    return True, "up to date"


def registry_url() -> str:
    url = os.environ.get("npm_config_registry") or os.environ.get("NPM_CONFIG_REGISTRY") or DEFAULT_REGISTRY
    return url.rstrip("/") + "/"


def http_fetch(name: str, version: str, dest: Path) -> Path:
    """Download the registry tarball directly (when npm is not installed)."""
    base = name.split("/")[-1]
    url = f"{registry_url()}{name}/-/{base}-{version}.tgz"
    path = dest / f"{base}-{version}.tgz"
    try:
        with urllib.request.urlopen(url, timeout=120) as resp, open(path, "wb") as out:
            shutil.copyfileobj(resp, out)
    except (urllib.error.URLError, OSError) as e:
        raise VendorError(f"cannot download {url}: {e}") from None
    return path


def fetch_tarball(name: str, version: str, dest: Path, via: str) -> Path:
    if via == "http" or (via == "auto" and not shutil.which("npm")):
        print(f"vendor: fetching {name}@{version} (registry tarball)", flush=True)
        return http_fetch(name, version, dest)
    print(f"vendor: fetching {name}@{version} (npm pack)", flush=True)
    return npm_pack(name, version, dest)


def npm_pack(name: str, version: str, dest: Path) -> Path:
    npm = shutil.which("npm")
    if not npm:
        raise VendorError("npm is not installed (use --via http, or apt-get install -y npm)")
    cmd = [npm, "pack", f"{name}@{version}", "--pack-destination", str(dest), "--json", "--silent"]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise VendorError(
            f"`{' '.join(cmd[1:4])}` failed (exit {proc.returncode}); is the npm registry reachable?\n"
            + (proc.stderr.strip() or proc.stdout.strip())
        )
    try:
        filename = json.loads(proc.stdout)[0]["filename"]
    except (json.JSONDecodeError, LookupError, KeyError):
        tgz = sorted(dest.glob("*.tgz"))
        if len(tgz) != 1:
            raise VendorError(f"npm pack {name}@{version}: cannot find the tarball it wrote") from None
        return tgz[0]
    # npm names scoped tarballs "scope-name-version.tgz"
    path = dest / filename.replace("@", "").replace("/", "-")
    if not path.exists():
        tgz = sorted(dest.glob("*.tgz"))
        if len(tgz) != 1:
            raise VendorError(f"npm pack {name}@{version}: cannot find {path.name}")
        path = tgz[0]
    return path


def extract(tarball: Path, patterns: list[str], out: Path) -> list[str]:
    """Copy the tarball members matching patterns (relative to package/) into out."""
    copied: list[str] = []
    matched = {p: 0 for p in patterns}
    with tarfile.open(tarball, "r:gz") as tar:
        for member in tar.getmembers():
            if not member.isfile() or not member.name.startswith("package/"):
                continue
            rel = member.name[len("package/"):]
            hits = [p for p in patterns if fnmatch.fnmatchcase(rel, p)]
            if not hits:
                continue
            for p in hits:
                matched[p] += 1
            name = Path(rel).name
            if name in copied:
                raise VendorError(f"{tarball.name}: two files named {name}")
            src = tar.extractfile(member)
            assert src is not None
            with src, open(out / name, "wb") as dst:
                shutil.copyfileobj(src, dst)
            copied.append(name)
    missing = [p for p, n in matched.items() if n == 0]
    if missing:
        raise VendorError(f"{tarball.name}: nothing matches {', '.join(missing)} (did the package layout change?)")
    return sorted(copied)


def intact_package(name: str, spec: dict) -> dict | None:
    """The recorded entry of a package vendored exactly as the lock asks, every file on disk
    unchanged, else None: adding a package to the lock then fetches only that one."""
    try:
        recorded = json.loads(VERSIONS.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return None
    rec = recorded.get("packages", {}).get(name)
    if not rec or any(rec.get(k) != v for k, v in (("version", spec["version"]), ("tarball_sha256", spec["tarball_sha256"]),
                                                   ("patterns", spec["files"]), ("dest", spec["dest"]))):
        return None
    for fname in rec.get("files", []):
        rel = f"{spec['dest']}/{fname}"
        meta = recorded.get("files", {}).get(rel)
        path = ROOT / rel
        if not meta or not path.is_file() or path.stat().st_size != meta["size"] or sha256_file(path) != meta["sha256"]:
            return None
    return rec


def vendor(lock: dict, via: str = "auto", force: bool = False) -> None:
    VENDOR.mkdir(exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".staging-", dir=VENDOR))
    record: dict = {"packages": {}, "files": {}}
    try:
        with tempfile.TemporaryDirectory(prefix="ludo-npm-") as tmp:
            for name, spec in lock["packages"].items():
                version = spec["version"]
                kept = None if force else intact_package(name, spec)
                if kept is not None:
                    out = staging / Path(spec["dest"]).relative_to("vendor")
                    shutil.copytree(ROOT / spec["dest"], out)
                    record["packages"][name] = kept
                    for fname in kept["files"]:
                        p = out / fname
                        record["files"][f"{spec['dest']}/{fname}"] = {"size": p.stat().st_size, "sha256": sha256_file(p)}
                    print(f"vendor: {name}@{version} already vendored, kept", flush=True)
                    continue
                pack_dir = Path(tmp) / name.replace("/", "_")
                pack_dir.mkdir()
                tarball = fetch_tarball(name, version, pack_dir, via)
                digest = sha256_file(tarball)
                if digest != spec["tarball_sha256"]:
                    raise VendorError(
                        f"{name}@{version}: tarball sha256 {digest} does not match the lock "
                        f"({spec['tarball_sha256']}); refusing to vendor it"
                    )
                dest_rel = spec["dest"]
                out = staging / Path(dest_rel).relative_to("vendor")
                out.mkdir(parents=True)
                names = extract(tarball, spec["files"], out)
                record["packages"][name] = {
                    "version": version,
                    "tarball_sha256": digest,
                    "dest": dest_rel,
                    "patterns": spec["files"],
                    "files": names,
                }
                for fname in names:
                    p = out / fname
                    record["files"][f"{dest_rel}/{fname}"] = {"size": p.stat().st_size, "sha256": sha256_file(p)}
        # swap the staged folders in
        for name, spec in lock["packages"].items():
            final = ROOT / spec["dest"]
            if final.exists():
                shutil.rmtree(final)
            os.replace(staging / Path(spec["dest"]).relative_to("vendor"), final)
        record["files"] = dict(sorted(record["files"].items()))
        tmp_versions = VENDOR / "VERSIONS.json.tmp"
        tmp_versions.write_text(json.dumps(record, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        os.replace(tmp_versions, VERSIONS)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    total = sum(m["size"] for m in record["files"].values())
    print(f"vendor: wrote {len(record['files'])} files ({total / 1e6:.1f} MB) and vendor/VERSIONS.json")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="verify vendor/ only; exit 1 if it is stale")
    ap.add_argument("--force", action="store_true", help="fetch and copy even if vendor/ is current")
    ap.add_argument("--via", choices=["auto", "npm", "http"], default="auto",
                    help="how to fetch tarballs: npm pack, or a plain download from the registry "
                         "(auto: npm when installed)")
    args = ap.parse_args(argv)
    try:
        lock = load_lock()
        ok, why = vendor_is_current(lock)
        if args.check:
            print(f"vendor: {why}")
            return 0 if ok else 1
        if ok and not args.force:
            print("vendor: up to date (" + ", ".join(f"{n} {s['version']}" for n, s in lock["packages"].items()) + ")")
            return 0
        if not ok:
            print(f"vendor: {why}")
        vendor(lock, args.via, force=args.force)
        ok, why = vendor_is_current(lock)
        if not ok:
            raise VendorError(f"vendor/ still does not match the lock after vendoring: {why}")
        return 0
    except VendorError as e:
        print(f"vendor: error: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
