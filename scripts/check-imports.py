#!/usr/bin/env python3
"""Every module a target imports is declared among its dependencies in Package.swift.

SwiftPM's own check (`swift build --explicit-target-dependency-import-check error`, which `make
test` builds with) fails only on an import of a module outside everything the target depends on,
directly or not: a target importing Hummingbird while it depends only on a target that depends on
Hummingbird passes it. This check reads the manifest (`swift package dump-package`, with the fuzz
targets in: RECEIPTS_FUZZ=1) and each target's Swift files, and fails on any import the target does
not name itself: one of its own targets, or a product whose module has the product's name.

    scripts/check-imports.py            each undeclared import, where first; exit 1 if there is one
    scripts/check-imports.py --unused   also the dependencies a target declares and never imports
    scripts/check-imports.py --manifest FILE   the manifest as dump-package wrote it, not run again

The modules of the toolchain (Foundation, Dispatch, Glibc, Synchronization, Testing, …) need no
declaration. SWIFT names the swift to run (default: swift).
"""
import argparse
import json
import os
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TOOLCHAIN = {
    "Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Observation", "Distributed",
    "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
    "FoundationXML", "Dispatch", "Glibc", "Musl", "Android", "Darwin", "WinSDK", "Synchronization",
    "Testing", "XCTest",
}
# `@testable`, `@_spi(X)`, `@preconcurrency`, then an access level, then `import`, maybe a kind,
# then the module (what comes after a dot is a declaration or a submodule of it).
IMPORT = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"
    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(?P<module>\w+)"
)
DEFAULT_FOLDER = {"test": "Tests"}


def manifest(path):
    if path:
        return json.loads(pathlib.Path(path).read_text(encoding="utf-8"))
    environment = dict(os.environ, RECEIPTS_FUZZ="1")
    output = subprocess.run(
        [os.environ.get("SWIFT", "swift"), "package", "dump-package"], cwd=ROOT, env=environment, check=True, capture_output=True, text=True
    ).stdout
    return json.loads(output)


def declared(target):
    names = {target["name"]}
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.add(dependency[kind][0])
    return names


def imports(folder):
    """(module, file, line number) for each import in the Swift files under folder."""
    found = []
    for path in sorted(folder.rglob("*.swift")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            match = IMPORT.match(line)
            if match:
                found.append((match.group("module"), path.relative_to(ROOT), number))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--unused", action="store_true", help="also list declared dependencies never imported")
    parser.add_argument("--manifest", help="the JSON of `swift package dump-package` (RECEIPTS_FUZZ=1), read from here")
    arguments = parser.parse_args()
    undeclared = []
    for target in manifest(arguments.manifest)["targets"]:
        if target["type"] in ("system", "binary", "plugin", "macro"):
            continue
        folder = ROOT / (target.get("path") or f"{DEFAULT_FOLDER.get(target['type'], 'Sources')}/{target['name']}")
        names = declared(target)
        found = imports(folder)
        if not any(folder.rglob("*.swift")):
            continue  # C: its headers say what it includes
        where = {}  # each undeclared module: the places it is imported, in order
        for module, path, number in found:
            if module not in names and module not in TOOLCHAIN:
                where.setdefault(module, []).append(f"{path}:{number}")
        for module, places in where.items():
            more = f" (and {len(places) - 1} more)" if len(places) > 1 else ""
            undeclared.append(f"{places[0]}: {target['name']} imports {module}, not among its dependencies{more}")
        if arguments.unused:
            used = {module for module, _, _ in found}
            for name in sorted(names - used - {target["name"]}):
                print(f"{target['name']}: declares {name}, never imports it")
    for line in undeclared:
        print(line, file=sys.stderr)
    if undeclared:
        print("declare each in Package.swift (.product(name:package:) for another package's module)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
