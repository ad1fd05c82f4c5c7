"""MkDocs hook: the rules in the browser, with the same Python as the CLI (Pyodide), static and from the site's origin.

At build time it puts into the built site, under ``py/``:

- Pyodide's runtime (the ``pyodide`` package of the npm registry, version ``PYODIDE``): the tarball is fetched
  with urllib from the registry (no node needed), checked against the ``dist.integrity`` hash (sha512) the
  registry publishes, kept in the per-user cache folder, and only the five files the worker loads are copied;
- a wheel of ``rulebook`` built from this checkout (``pip wheel --no-deps``, kept by a hash of its files), and
  the wheels of its dependencies for Pyodide's platform (``pip download --platform pyemscripten_...``; Typer's
  ``pydantic-core`` has a build there, the rest are pure Python; rapidfuzz and PyStemmer are left out, the
  browser uses the pure-Python paths that give the same answers), pinned to the versions installed here;
- ``examples.zip``: the example files the docs' transcripts name (``examples/``), for "Try it";
- ``cache.zip``: the vocabulary ``ask`` would otherwise build in the browser on a first visit;
- ``manifest.json``: what the worker loads, with a stamp that changes when any of it does.

It also appends a "Try the rules here" section of small tools to four game pages (``TOOLS``; the page files
are not edited; docs/javascripts/rulebook.js draws the forms), and after the build writes
``rulebook-rules.json`` (each rule ID and the URL of its entry, read from the built pages' anchors, so the
links follow the reference pages wherever they are split) and the service worker ``rulebook-sw.js`` at the
site's root (offline after a visit), and names the pages' shared engine (the SharedWorker that
``javascripts/rulebook.js`` starts) by this build.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import importlib.metadata
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
import zipfile
from html import escape
from pathlib import Path

import rulebook
from rulebook.writing import cache_dir

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = "314.0.7"
REGISTRY = "https://registry.npmjs.org/pyodide/"
#: The files of the npm package the worker loads (the rest are types, maps and demo pages).
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PLATFORM = ("--platform", "pyemscripten_2026_0_wasm32", "--python-version", "3.14", "--only-binary=:all:")
#: Dependencies with no build for the browser: rulebook uses pure-Python paths there.
NATIVE_ONLY = {"rapidfuzz", "pystemmer"}
#: Pyodide's environment, for the dependencies' markers (no extras).
BROWSER = {"extra": "", "python_version": "3.14", "sys_platform": "emscripten", "platform_system": "Emscripten"}
#: The tools appended to game pages, by Markdown file: (tool id, heading).
TOOLS = {
    "games/clash.md": [("clash-attack", "An attack")],
    "games/elestrals.md": [("elestrals-stats", "A stat order"), ("elestrals-legal", "A position")],
    "games/elephants.md": [("elephants-order", "A clash's order")],
    "games/elementals.md": [("elementals-hint", "A hint for a deal")],
}
SECTION = """

## Try the rules here {{#try-the-rules}}

Each form runs the `rulebook` command it shows, in this page, with the same Python as the CLI (loaded the first
time you use one, then kept offline). Change anything and run it again.

{tools}
"""
TIMEOUT = 120
#: The position the Elestrals position box starts with.
EXAMPLE_POSITION = ROOT / "examples" / "elestrals" / "main-phase.toml"


def _cache() -> Path:
    folder = cache_dir()
    if folder is None:  # no writable cache folder: a temporary one for this build
        folder = Path(tempfile.mkdtemp(prefix="rulebook-site-"))
    (folder / "site").mkdir(parents=True, exist_ok=True)
    return folder / "site"


def _fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=TIMEOUT) as response:
        return response.read()


def _integrity_ok(blob: bytes, integrity: str) -> bool:
    algorithm, _, digest = integrity.partition("-")
    return algorithm == "sha512" and base64.b64encode(hashlib.sha512(blob).digest()).decode() == digest


def pyodide_runtime(cache: Path) -> Path:
    """The folder of Pyodide's runtime files, fetched once from the npm registry and checked (sha512)."""
    folder = cache / f"pyodide-{PYODIDE}"
    if all((folder / name).is_file() for name in RUNTIME):
        return folder
    tarball, stamp = cache / f"pyodide-{PYODIDE}.tgz", cache / f"pyodide-{PYODIDE}.integrity"
    if tarball.is_file() and stamp.is_file() and _integrity_ok(tarball.read_bytes(), stamp.read_text().strip()):
        blob = tarball.read_bytes()
    else:
        dist = json.loads(_fetch(REGISTRY + PYODIDE))["dist"]
        blob = _fetch(dist["tarball"])
        if not _integrity_ok(blob, dist["integrity"]):
            raise RuntimeError(f"pyodide {PYODIDE}: the tarball does not match the registry's integrity hash")
        _write(tarball, blob)
        _write(stamp, dist["integrity"].encode())
    partial = folder.with_suffix(".partial")
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir()
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as archive:
        for name in RUNTIME:
            member = archive.extractfile(f"package/{name}")
            if member is None:
                raise RuntimeError(f"pyodide {PYODIDE}: the tarball has no {name}")
            (partial / name).write_bytes(member.read())
    shutil.rmtree(folder, ignore_errors=True)
    partial.rename(folder)
    return folder


def _write(path: Path, blob: bytes) -> None:
    """Write a file whole or not at all (a rename over the old one)."""
    partial = path.with_name(path.name + ".partial")
    partial.write_bytes(blob)
    partial.replace(path)


def _sources() -> list[Path]:
    """The checkout's files that go into the rulebook wheel (the wheel is rebuilt when any changes)."""
    found = [ROOT / "pyproject.toml", ROOT / "README.md"]
    for package in ("rulebook", "cli"):
        found += [p for p in (ROOT / package).rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    return sorted(found)


def _digest(paths: list[Path], extra: str = "") -> str:
    digest = hashlib.sha256(extra.encode())
    for path in paths:
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def rulebook_wheel(cache: Path) -> Path:
    """A wheel of rulebook built from this checkout (in a copy, so nothing is written into the checkout)."""
    sources = _sources()
    folder = cache / f"rulebook-wheel-{_digest(sources)}"
    built = sorted(folder.glob("rulebook-*.whl")) if folder.is_dir() else []
    if built:
        return built[0]
    with tempfile.TemporaryDirectory(prefix="rulebook-wheel-") as work:
        copy = Path(work) / "src"
        for path in sources:
            target = copy / path.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
        out = Path(work) / "out"
        _pip("wheel", "--no-deps", "--quiet", *_isolation(), "--wheel-dir", str(out), str(copy))
        wheel = next(out.glob("rulebook-*.whl"))
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(wheel, folder / wheel.name)
    return folder / wheel.name


def _isolation() -> list[str]:
    """pip's ``--no-build-isolation`` when this Python has every package rulebook's build asks for (pyproject.toml's
    ``build-system.requires``, as the README's install leaves them): the wheel is then built with them, instead of
    with copies pip would first install into a throwaway environment (half the CPU of building the wheel; the
    wheel's files the same). Nothing otherwise."""
    import tomllib

    from packaging.requirements import Requirement

    wanted = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]["requires"]
    for line in wanted:
        need = Requirement(line)
        try:
            have = importlib.metadata.version(need.name)
        except importlib.metadata.PackageNotFoundError:
            return []
        if not need.specifier.contains(have, prereleases=True):
            return []
    return ["--no-build-isolation"]


def _pip(*args: str) -> None:
    done = subprocess.run([sys.executable, "-m", "pip", *args], capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        raise RuntimeError(f"pip {args[0]} failed: {done.stderr.strip()[-1500:]}")


def _requirements() -> list[str]:
    """rulebook's dependencies for the browser, each pinned to the version installed here when it is installed.

    The browser then prints what this Python prints (Typer and Rich draw the same help and tables).
    """
    from packaging.requirements import Requirement

    def needed(lines: list[str] | None) -> list[str]:
        found = [Requirement(line) for line in lines or []]
        return [r.name for r in found if r.marker is None or r.marker.evaluate(BROWSER)]

    wanted, seen, pins = needed(importlib.metadata.requires("rulebook")), set(), []
    while wanted:
        name = wanted.pop().lower().replace("_", "-")
        if name in seen or name in NATIVE_ONLY:
            continue
        seen.add(name)
        try:
            dist = importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            pins.append(name)
            continue
        pins.append(f"{name}=={dist.version}")
        wanted += needed(dist.requires)
    return sorted(pins)


def dependency_wheels(cache: Path) -> list[Path]:
    """The wheels of rulebook's dependencies for Pyodide's platform, downloaded once for these pins."""
    pins = _requirements()
    folder = cache / f"wheels-{hashlib.sha256(' '.join(pins + list(PLATFORM)).encode()).hexdigest()[:16]}"
    done = folder / "done"
    if not done.is_file():
        shutil.rmtree(folder, ignore_errors=True)
        _pip("download", "--quiet", "--no-deps", *PLATFORM, "--dest", str(folder), *pins)
        done.write_text("\n".join(pins) + "\n")
    return sorted(folder.glob("*.whl"))


#: The interpreter's tag in the browser (Pyodide's CPython), which names every cache file there.
BROWSER_CACHE_TAG = "cpython-" + BROWSER["python_version"].replace(".", "")

VOCABULARY = """
import sys
sys.modules["rapidfuzz"] = sys.modules["Stemmer"] = None  # the browser's path (the same answers, tested)
# Named as the browser's Python names it: the file holds plain data (its own sections, marshal of plain values),
# which the browser's newer Python reads the same; without this the name would never match there.
sys.implementation.cache_tag = sys.argv[2]
import rulebook, rulebook.vocabulary
assert rulebook.__file__.startswith(sys.argv[1]), rulebook.__file__
rulebook.vocabulary.lexicon()
"""


def vocabulary_cache(cache: Path, wheel: Path, when: int) -> bytes:
    """The vocabulary ``ask`` builds on first use, built here from the wheel's files as the browser installs them.

    The browser gives the files the modification time ``when``, and it is built under the browser's interpreter
    tag, so the cache's name (from the files' sizes and times and the tag) is the one it looks for; marshal data
    of plain values reads the same in Pyodide's Python.
    Without it the browser builds the vocabulary itself on a first visit, in pure Python (tens of seconds).
    """
    kept = cache / f"vocabulary-{wheel.stem}-{when}-{BROWSER_CACHE_TAG}.zip"
    if kept.is_file():
        return kept.read_bytes()
    with tempfile.TemporaryDirectory(prefix="rulebook-vocabulary-") as work:
        installed, made = Path(work) / "site", Path(work) / "cache"
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(installed)
        for path in installed.rglob("*"):
            os.utime(path, (when, when))
        env = {**os.environ, "PYTHONPATH": str(installed), "RULEBOOK_CACHE_DIR": str(made)}
        command = [sys.executable, "-P", "-c", VOCABULARY, str(installed), BROWSER_CACHE_TAG]
        done = subprocess.run(command, env=env, capture_output=True, timeout=900)
        if done.returncode != 0:
            raise RuntimeError(f"the vocabulary could not be built: {done.stderr.decode()[-1500:]}")
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for path in sorted(made.glob("vocabulary-*.lexicon")):
                archive.writestr(
                    zipfile.ZipInfo(path.name, date_time=(2020, 1, 1, 0, 0, 0)), path.read_bytes(), zipfile.ZIP_DEFLATED
                )
    _write(kept, buffer.getvalue())
    return buffer.getvalue()


def _examples_zip() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted((ROOT / "examples").rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                info = zipfile.ZipInfo(str(path.relative_to(ROOT)), date_time=(2020, 1, 1, 0, 0, 0))
                archive.writestr(info, path.read_bytes(), zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def bundle(site: Path) -> dict:
    """Put the runtime, the wheels and the examples under ``site/py/``; return the manifest written there."""
    cache = _cache()
    out = site / "py"
    (out / "wheels").mkdir(parents=True, exist_ok=True)
    for name in RUNTIME:
        shutil.copyfile(pyodide_runtime(cache) / name, out / name)
    wheels = [rulebook_wheel(cache), *dependency_wheels(cache)]
    for wheel in wheels:
        shutil.copyfile(wheel, out / "wheels" / wheel.name)
    (out / "examples.zip").write_bytes(_examples_zip())
    # The time the browser gives rulebook's files: the same on every visit to this build, new with a new wheel.
    when = int(hashlib.sha256(wheels[0].read_bytes()).hexdigest()[:7], 16)
    (out / "cache.zip").write_bytes(vocabulary_cache(cache, wheels[0], when))
    stamp = hashlib.sha256()
    for path in sorted(out.rglob("*")):
        if path.is_file():
            stamp.update(path.name.encode() + hashlib.sha256(path.read_bytes()).digest())
    manifest = {
        "pyodide": PYODIDE,
        "stamp": stamp.hexdigest()[:16],
        "mtime": when,
        "wheels": [f"wheels/{w.name}" for w in wheels],
        "files": [*RUNTIME, "examples.zip", "cache.zip"],
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


def rule_links(site: Path) -> dict[str, str]:
    """Each rule ID and the URL (from the site's root) of its entry: a heading whose anchor is the ID."""
    ids = {record.id for game in rulebook.games() for record in rulebook.rules(game.id)}
    heading = re.compile(r'<h[1-6] id="([^"]+)"')
    links: dict[str, str] = {}
    for page in sorted(site.rglob("*.html")):
        url = page.relative_to(site).as_posix()
        url = url.removesuffix("index.html")
        for anchor in heading.findall(page.read_text(encoding="utf-8")):
            if anchor in ids:
                links.setdefault(anchor, f"{url}#{anchor}")
    return links


def _tool(tool: str) -> str:
    """The element a tool's form is drawn in by docs/javascripts/rulebook.js (a position tool gets an example)."""
    example = ""
    if tool == "elestrals-legal":
        example = f' data-example="{escape(EXAMPLE_POSITION.read_text(encoding="utf-8"), quote=True)}"'
    return f'<div class="rulebook-tool" data-tool="{tool}"{example}></div>'


def on_page_markdown(markdown: str, page, config, files) -> str:
    tools = TOOLS.get(page.file.src_uri)
    if not tools:
        return markdown
    forms = "\n\n".join(f"### {title}\n\n{_tool(tool)}" for tool, title in tools)
    return markdown.rstrip() + SECTION.format(tools=forms)


def on_post_build(config) -> None:
    site = Path(config["site_dir"])
    try:
        manifest = bundle(site)
    except (OSError, RuntimeError, KeyError, ValueError) as err:  # no network on a first build, a failed pip...
        from mkdocs.exceptions import PluginError

        raise PluginError(f"the ask box's Python (docs/_hooks/browser.py) could not be bundled: {err}") from err
    (site / "rulebook-rules.json").write_text(json.dumps(rule_links(site), indent=0, sort_keys=True) + "\n")
    worker = (ROOT / "docs" / "javascripts" / "rulebook-sw.js").read_text(encoding="utf-8")
    (site / "rulebook-sw.js").write_text(worker.replace("__STAMP__", manifest["stamp"]), encoding="utf-8")
    # The page's shared engine is named by this build (its Python files and the worker's script), so a page of a
    # new build never connects to an engine another tab started from an older one.
    script = site / "javascripts" / "rulebook.js"
    engine = hashlib.sha256(manifest["stamp"].encode() + (site / "javascripts" / "rulebook-worker.js").read_bytes())
    named = script.read_text(encoding="utf-8").replace("__STAMP__", engine.hexdigest()[:16])
    script.write_text(named, encoding="utf-8")
    with contextlib.suppress(FileNotFoundError):
        (site / "javascripts" / "rulebook-sw.js").unlink()  # served from the root only (its scope is the site)
