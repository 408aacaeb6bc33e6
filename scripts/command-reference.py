#!/usr/bin/env python3
"""Writes docs/reference.md, every command's --help as the built `receipts` prints it.

The help texts live once, in the commands; this page is made from them, never edited by hand.
`make test` runs it with --check, which fails when the page and the commands disagree.

Usage: scripts/command-reference.py [--check] [RECEIPTS]   (RECEIPTS: .build/debug/receipts)
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "docs", "reference.md")


def help_text(binary, path):
    # A bare environment: English, 100 columns, no colour, whatever the caller's locale.
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "COLUMNS": "100", "NO_COLOR": "1", "LANG": "C.UTF-8"}
    result = subprocess.run([binary, "help", *path, "--lang", "en"], env=env, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"command-reference: `receipts help {' '.join(path)}` exited {result.returncode}: {result.stderr.strip()}")
    return result.stdout.rstrip() + "\n"


def subcommands(text):
    """The names listed under SUBCOMMANDS: (two spaces, a name, then its summary)."""
    names, inside = [], False
    for line in text.splitlines():
        if line.startswith("SUBCOMMANDS:"):
            inside = True
            continue
        if inside:
            match = re.match(r"^  ([a-z][a-z-]*)( \(default\))?\s", line + " ")
            if match:
                names.append(match.group(1))
            elif line and not line.startswith("   "):
                if not line.startswith("  "):
                    inside = False
    return [name for name in names if name != "help"]


def page(binary):
    sections = []

    def walk(path):
        text = help_text(binary, path)
        sections.append((path, text))
        for name in subcommands(text):
            walk(path + [name])

    walk([])
    out = [
        "# Command reference",
        "",
        "Every command's `--help`, in English at 100 columns, made from the commands by",
        "`scripts/command-reference.py` (do not edit this page; change the help texts and run the script).",
        "Each command speaks Russian too: `receipts help COMMAND --lang ru`.",
        "",
    ]
    for path, _ in sections:
        name = " ".join(["receipts", *path])
        anchor = "-".join(["receipts", *path])
        out.append(f"- [`{name}`](#{anchor})")
    out.append("")
    for path, text in sections:
        out += [f"## {' '.join(['receipts', *path])}", "", "```", text.rstrip(), "```", ""]
    return "\n".join(out)


def main():
    args = [a for a in sys.argv[1:] if a != "--check"]
    binary = args[0] if args else os.path.join(ROOT, ".build", "debug", "receipts")
    text = page(binary)
    if "--check" in sys.argv:
        current = open(PAGE, encoding="utf-8").read() if os.path.exists(PAGE) else ""
        if current != text:
            sys.exit("docs/reference.md differs from the commands' help: run scripts/command-reference.py and commit it")
        print(f"docs/reference.md agrees with the commands ({text.count('## receipts')} commands)")
        return
    with open(PAGE, "w", encoding="utf-8") as file:
        file.write(text)
    print(f"wrote docs/reference.md ({text.count('## receipts')} commands)")


main()
