#!/usr/bin/env python3
"""Checks the links between the repository's Markdown pages (`make lint`).

Every relative link (and picture) of every tracked `.md` file must name a file of the repository, and its
`#anchor`, when it has one, a heading of that file (GitHub's way of making anchors). A link that
leaves the repository (`../…` above its root) fails too. Web addresses are not followed.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def anchors(path, cache={}):
    if path not in cache:
        found, fence = set(), False
        counts = {}
        for line in open(path, encoding="utf-8"):
            if line.startswith("```"):
                fence = not fence
            elif not fence and re.match(r"^#{1,6} ", line):
                text = line.lstrip("#").strip().lower()
                slug = re.sub(r"[^\w\- ]", "", text).replace(" ", "-")
                n = counts.get(slug, 0)
                counts[slug] = n + 1
                found.add(slug if n == 0 else f"{slug}-{n}")
        cache[path] = found
    return cache[path]


def main():
    files = subprocess.run(["git", "ls-files", "*.md"], cwd=ROOT, capture_output=True, text=True, check=True)
    problems = []
    for name in files.stdout.split():
        if ".docc/" in name:
            continue
        page = os.path.join(ROOT, name)
        fence = False
        for number, line in enumerate(open(page, encoding="utf-8"), 1):
            if line.startswith("```"):
                fence = not fence
            if fence:
                continue
            for target in LINK.findall(line):
                if re.match(r"^[a-z]+:", target):
                    continue
                path, _, anchor = target.partition("#")
                resolved = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
                where = f"{name}:{number}: {target}"
                if not resolved.startswith(ROOT + os.sep) and resolved != ROOT:
                    problems.append(f"{where}: points outside the repository")
                elif not os.path.exists(resolved):
                    problems.append(f"{where}: no such file")
                elif anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
                    problems.append(f"{where}: no heading with this anchor")
    for problem in problems:
        print(problem)
    if problems:
        sys.exit(f"doc-links: {len(problems)} broken links")
    print("doc-links: every link between the pages resolves")


main()
