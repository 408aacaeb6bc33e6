#!/usr/bin/env python3
"""How many public declarations of each library module carry a `///` comment.

Reads the Swift sources as text. A declaration counts when `public` or `open` is among its
modifiers (types, functions, initialisers, properties, subscripts, type aliases, members of
extensions), and so does every requirement of a public protocol; the cases of a public enum are
covered by the enum's own comment. A declaration is documented when a `///` line comes directly
above it, attributes allowed in between.

    scripts/doc-coverage.py                 per module and in all, for Sources/
    scripts/doc-coverage.py --missing       also each undocumented declaration, file:line
    scripts/doc-coverage.py --inner         public declarations inside a type that is not public
    scripts/doc-coverage.py --check         exit 1 unless every declaration is documented

The executable `receipts` and the C targets are left out; so are Benchmarks, Tools and Fuzz, which are
outside Sources/.
"""
import argparse
import pathlib
import re
import sys

EXCLUDED = {"receipts"}
KEYWORDS = r"struct|class|enum|protocol|actor|extension|func|init|deinit|var|let|subscript|typealias|associatedtype|macro"
# Attributes, then modifiers (each a word, possibly with `(set)`), then the declaration's keyword.
DECLARATION = re.compile(
    r"^\s*(?P<attributes>(?:@[\w.]+(?:\([^)]*\))?\s+)*)"
    r"(?P<modifiers>(?:\w+(?:\(\w+\))?\s+)*?)"
    r"(?P<keyword>" + KEYWORDS + r")(?=[\s?!<({:]|$)"
)
TYPE_KEYWORDS = {"struct", "class", "enum", "protocol", "actor", "extension"}


def code_only(line):
    """The line without its string literals' contents and its `//` comment, for counting braces."""
    out = []
    in_string = False
    i = 0
    while i < len(line):
        c = line[i]
        if in_string:
            if c == "\\":
                i += 2
                continue
            if c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif line.startswith("//", i):
            break
        else:
            out.append(c)
        i += 1
    return "".join(out)


def is_documented(lines, index):
    j = index - 1
    while j >= 0:
        text = lines[j].strip()
        if text.startswith("@"):
            j -= 1
            continue
        return text.startswith("///")
    return False


def declarations(path):
    """(line number, text, documented, public, inside a type that is not public) for each public declaration."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found = []
    depth = 0
    # (depth inside the body, keyword, is public) for each type or extension whose body is open.
    contexts = []
    in_multiline_string = False
    pending = None  # a type declaration whose `{` has not been seen yet
    for index, line in enumerate(lines):
        stripped = line.strip()
        if in_multiline_string:
            if stripped.count('"""') % 2 == 1:
                in_multiline_string = False
            continue
        if stripped.count('"""') % 2 == 1:
            in_multiline_string = True
            continue
        if stripped.startswith("//"):
            continue
        match = DECLARATION.match(line)
        if match:
            modifiers = match.group("modifiers").split()
            keyword = match.group("keyword")
            public = any(m in ("public", "open") for m in modifiers)
            inside = contexts[-1] if contexts and contexts[-1][0] == depth else None
            requirement = inside is not None and inside[1] == "protocol" and inside[2]
            if (public or requirement) and keyword != "extension":
                hidden = inside is not None and inside[1] != "extension" and not inside[2]
                found.append((index + 1, stripped, is_documented(lines, index), hidden))
            if keyword in TYPE_KEYWORDS:
                pending = (keyword, public)
        code = code_only(line)
        for c in code:
            if c == "{":
                depth += 1
                if pending is not None:
                    contexts.append((depth, pending[0], pending[1]))
                    pending = None
            elif c == "}":
                if contexts and contexts[-1][0] == depth:
                    contexts.pop()
                depth -= 1
        if pending is not None and "{" not in code and stripped.endswith("}"):
            pending = None
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", default="Sources")
    parser.add_argument("--missing", action="store_true", help="list each undocumented declaration")
    parser.add_argument("--inner", action="store_true", help="list public declarations inside types that are not")
    parser.add_argument("--check", action="store_true", help="exit 1 unless all are documented")
    arguments = parser.parse_args()

    root = pathlib.Path(arguments.root)
    rows = []
    missing = []
    inner = []
    for module in sorted(p for p in root.iterdir() if p.is_dir() and p.name not in EXCLUDED):
        files = sorted(module.rglob("*.swift"))
        if not files:
            continue
        total = documented = 0
        for path in files:
            for number, text, has_doc, hidden in declarations(path):
                total += 1
                documented += has_doc
                if not has_doc:
                    missing.append(f"{path}:{number}: {text}")
                if hidden:
                    inner.append(f"{path}:{number}: {text}")
        rows.append((module.name, documented, total))

    width = max(len(name) for name, _, _ in rows + [("all", 0, 0)])
    print(f"{'module':<{width}}  documented  public  coverage")
    for name, documented, total in rows + [("all", sum(r[1] for r in rows), sum(r[2] for r in rows))]:
        share = 100.0 * documented / total if total else 100.0
        print(f"{name:<{width}}  {documented:>10}  {total:>6}  {share:>7.1f} %")
    if arguments.missing and missing:
        print()
        print("\n".join(missing))
    if arguments.inner and inner:
        print()
        print("\n".join(inner))
    if arguments.check and missing:
        sys.exit(1)


if __name__ == "__main__":
    main()
