#!/usr/bin/env python3
"""Symbol graphs of the named modules from the debug build already made (docc-check.sh).

`swift package dump-symbol-graph` builds every product first (the benchmarks and tools too, about
a minute from a fresh clone) and extracts every target of the package. This reads how the build
compiled each named module (SwiftPM's build description, .build/debug.yaml: its search paths and
the module maps of the C modules it imports) and runs swift-symbolgraph-extract with the same, two
modules at a time.

usage: scripts/symbol-graphs.py OUTPUT_FOLDER MODULE...
"""

import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

DESCRIPTION = ".build/debug.yaml"


def compile_arguments(description, module):
    """The swiftc arguments the build compiled `module` with."""
    pattern = re.compile(
        r'^  "C\.' + re.escape(module) + r'-[^"]*-debug\.module":\n(?:    .*\n)*?    args: (\[.*\])$', re.M)
    found = pattern.search(description)
    if not found:
        raise SystemExit(f"symbol-graphs: {DESCRIPTION} has no compile command of {module}: build it first")
    return json.loads(found.group(1))


def extract_arguments(arguments):
    """What swift-symbolgraph-extract needs of them: the target, the module cache, the search
    paths and the C modules' flags."""
    kept = []
    index = 0
    while index < len(arguments):
        argument = arguments[index]
        if argument in ("-I", "-Xcc", "-target", "-module-cache-path") and index + 1 < len(arguments):
            kept += [argument, arguments[index + 1]]
            index += 2
            continue
        if argument.startswith("-cxx-interoperability-mode=") or argument.startswith("-I"):
            kept.append(argument)
        index += 1
    return kept


def extract(module, arguments, output):
    command = ["swift-symbolgraph-extract", "-module-name", module, *arguments,
               "-minimum-access-level", "public", "-omit-extension-block-symbols", "-output-dir", output]
    result = subprocess.run(command, capture_output=True, text=True)
    return module, result.returncode, result.stdout + result.stderr


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__.strip().splitlines()[-1])
    output, modules = sys.argv[1], sys.argv[2:]
    os.makedirs(output, exist_ok=True)
    with open(DESCRIPTION) as file:
        description = file.read()
    jobs = [(module, extract_arguments(compile_arguments(description, module))) for module in modules]
    failed = False
    with ThreadPoolExecutor(max_workers=2) as pool:
        for module, status, log in pool.map(lambda job: extract(job[0], job[1], output), jobs):
            if status != 0:
                print(f"symbol-graphs: {module}:\n{log}", file=sys.stderr)
                failed = True
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
