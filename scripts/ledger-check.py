#!/usr/bin/env python3
"""receipts export, checked by the ledgers themselves (make test).

For the demo database and for Tests/Fixtures/ledger (see its README.md), in both formats and both
posting kinds:
- `bean-check` and `hledger check` accept the file;
- each month's total of each expense account, from `bean-query` and from `hledger bal -M`, equals
  `receipts stats --json` for that category, to the kopeck;
- exporting twice gives the same bytes.
Then a household on the fixture: each person's books (`--person`) accepted, their expenses equal
to `stats --person`, their receivable from the other equal to their balance, even once settled.
Then the fixture's hand-worked figures: the petrol's rounding posting, the return, the card account
of the matched receipt, the asset accounts' balances (cash as the receipts say it was paid), names with quotes, backslashes, `|` and `;`; and an account map that
beancount refuses is an error (exit 6) that writes nothing.

Environment: RECEIPTS (the binary), LEDGER_VENV (a virtual environment with beancount); hledger on
PATH.
"""
import csv
import io
import json
import os
import re
import subprocess
import sys
import tempfile
from decimal import Decimal

RECEIPTS = os.environ.get("RECEIPTS", ".build/debug/receipts")
VENV = os.environ.get("LEDGER_VENV", ".build/ledger-venv")
BEAN_CHECK = os.path.join(VENV, "bin", "bean-check")
BEAN_QUERY = os.path.join(VENV, "bin", "bean-query")
FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fixtures", "ledger")

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)


def run(args, env, ok=True, **kwargs):
    result = subprocess.run(args, env=env, capture_output=True, text=True, **kwargs)
    if ok and result.returncode != 0:
        raise SystemExit(f"ledger-check: {' '.join(args)} failed ({result.returncode}):\n{result.stderr}")
    return result


def kopecks(text):
    text = text.strip().replace(" RUB", "").strip()
    return int((Decimal(text) * 100).to_integral_value()) if text and text != "0" else 0


def expected_totals(env, db, extra=()):
    """(month, Russian category name) → kopecks, from receipts stats --json."""
    stats = json.loads(run([RECEIPTS, "stats", "--db", db, "--json", "--lang", "ru", "--from", "2000-01",
                            "--to", "2099-12", *extra], env).stdout)
    totals = {}
    for month in stats["months"]:
        for category in month["categories"]:
            if category["total"]:
                totals[(month["month"], category["name"])] = category["total"]
    return totals


def account_names(beancount_text):
    """Expense account → the Russian category name its open directive carries."""
    names = {}
    for account, name in re.findall(r'open (Expenses:\S+) RUB\n  name: "([^"]*)"', beancount_text):
        names[account] = name
    return names


def beancount_totals(path, names):
    out = run([BEAN_QUERY, "-f", "csv", path,
               "SELECT year, month, account, sum(number) AS total WHERE account ~ '^Expenses:' "
               "GROUP BY year, month, account"], os.environ).stdout
    totals = {}
    for row in list(csv.reader(io.StringIO(out)))[1:]:
        year, month, account, total = (cell.strip() for cell in row)
        key = (f"{int(year):04d}-{int(month):02d}", names.get(account, account))
        totals[key] = totals.get(key, 0) + kopecks(total)
    return {key: value for key, value in totals.items() if value}


def hledger_totals(path, names):
    out = run(["hledger", "-f", path, "bal", "-M", "-O", "csv", "Expenses"], os.environ).stdout
    rows = list(csv.reader(io.StringIO(out)))
    months = rows[0][1:]
    totals = {}
    for row in rows[1:]:
        if row[0] in ("total", "Total:"):
            continue
        for month, cell in zip(months, row[1:]):
            value = kopecks(cell)
            if value:
                totals[(month, names.get(row[0], row[0]))] = value
    return totals


def export(env, db, fmt, postings, folder, extra=()):
    path = os.path.join(folder, f"{os.path.basename(db)}-{postings}.{fmt}")
    run([RECEIPTS, "export", fmt, "--db", db, "--postings", postings, "-o", path, *extra], env)
    with open(path, encoding="utf-8") as handle:
        return path, handle.read()


def check_database(env, db, folder, label):
    """Checks both formats and both posting kinds; returns the beancount and hledger texts by category."""
    expected = expected_totals(env, db)
    check(expected, f"{label}: stats found no spending")
    texts = {}
    for postings in ("category", "item"):
        path, text = export(env, db, "beancount", postings, folder)
        check(run([BEAN_CHECK, path], env, ok=False).returncode == 0, f"{label}: bean-check {postings}")
        names = account_names(text)
        got = beancount_totals(path, names)
        check(got == expected, f"{label}: bean-query totals ({postings}) differ from stats: "
                               f"{sorted(set(got.items()) ^ set(expected.items()))[:6]}")
        again = run([RECEIPTS, "export", "beancount", "--db", db, "--postings", postings], env).stdout
        check(again == text, f"{label}: two beancount exports differ ({postings})")
        hpath, htext = export(env, db, "hledger", postings, folder)
        check(run(["hledger", "-f", hpath, "check"], env, ok=False).returncode == 0, f"{label}: hledger check {postings}")
        got = hledger_totals(hpath, names)
        check(got == expected, f"{label}: hledger totals ({postings}) differ from stats: "
                               f"{sorted(set(got.items()) ^ set(expected.items()))[:6]}")
        again = run([RECEIPTS, "export", "hledger", "--db", db, "--postings", postings], env).stdout
        check(again == htext, f"{label}: two hledger exports differ ({postings})")
        texts[postings] = (text, htext)
    return texts["category"]


def main():
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(folder, "config"), LANG="C.UTF-8")
        env.pop("RECEIPTS_DB", None)

        demo = os.path.join(folder, "demo.sqlite")
        run([RECEIPTS, "demo", "--db", demo, "--quiet"], env)
        check_database(env, demo, folder, "demo")

        db = os.path.join(folder, "fixture.sqlite")
        run([RECEIPTS, "import", "--db", db, os.path.join(FIXTURES, "receipts.json")], env)
        run([RECEIPTS, "bank", "import", "--db", db, os.path.join(FIXTURES, "operations.csv")], env)
        run([RECEIPTS, "match", "--db", db], env)
        beancount, hledger = check_database(env, db, folder, "fixture")

        # The petrol: its line printed 2,000.13, the receipt 2,000.00.
        check("  Expenses:Toplivo  2000.13 RUB\n  Expenses:Toplivo  -0.13 RUB\n    rounding: TRUE\n"
              "  Assets:Card  -2000.00 RUB\n" in beancount, "petrol's rounding posting (beancount)")
        check("    Expenses:Toplivo  -0.13 RUB  ; rounding:\n" in hledger, "petrol's rounding posting (hledger)")
        # The return books the toothbrush back.
        check("  Expenses:Krasota-i-gigiena  -150.00 RUB\n  Assets:Card  150.00 RUB\n" in beancount
              or "  Expenses:Apteka-i-zdorove  -150.00 RUB\n  Assets:Card  150.00 RUB\n" in beancount,
              "the return's negative posting")
        # The asset side as the receipts say they were paid: the pies' 100.00 in cash; the petrol's
        # 2,000.00 and the toothbrush's 150.00 by a card no statement paired, and the 150.00 back;
        # 134.75 from the statement's card.
        balances = run(["hledger", "-f", os.path.join(folder, "fixture.sqlite-category.hledger"), "bal", "-O", "csv",
                        "Assets", "Liabilities"], env).stdout
        got = {row[0]: kopecks(row[1]) for row in list(csv.reader(io.StringIO(balances)))[1:]
               if row[0] not in ("total", "Total:")}
        check(got == {"Assets:Bank:TBank:Card4556": -13475, "Assets:Card": -200000, "Assets:Cash": -10000},
              f"the asset accounts' balances: {got}")
        # The matched receipt is paid from the card; quotes and backslashes escaped; | and ; replaced.
        check(' "ООО \\"САД | ОГОРОД; \\\\ №1" ^fns-7281440701234567-1101\n' in beancount,
              "the seller's name escaped (beancount)")
        check("  Assets:Bank:TBank:Card4556  -134.75 RUB\n" in beancount, "the card of the matched payment")
        check(' | ООО "САД / ОГОРОД, \\ №1  ; fn:7281440701234567, fd:1101,' in hledger,
              "the seller's name in hledger's description")
        # Weighed goods in item postings: the quantity as printed.
        _, items = export(env, db, "beancount", "item", folder)
        check('    item: "ЯБЛОКИ ГОЛДЕН ВЕС"\n    qty: "0.532"\n' in items, "the weighed line's quantity")

        # A household on the same receipts: Аня's card is the statement's, so she paid the first
        # receipt; Борис paid the petrol; the pies are his alone, the rest halved. Each one's books
        # are accepted, their expenses are `stats --person`, and each one's receivable from the
        # other is their balance, to the kopeck: the toothbrush's return undoes its purchase.
        run([RECEIPTS, "people", "add", "--db", db, "Аня", "--card", "4556"], env)
        run([RECEIPTS, "people", "add", "--db", db, "Борис"], env)
        run([RECEIPTS, "paid-by", "--db", db, "2", "Борис"], env)
        run([RECEIPTS, "split", "--db", db, "3", "Борис"], env)
        balance = json.loads(run([RECEIPTS, "household", "balance", "--db", db, "--json"], env).stdout)
        owed = {person["name"]: person["balance"] for person in balance["people"]}
        check(owed["Аня"] == -owed["Борис"] != 0, f"the household's balances: {owed}")
        for name, other in (("Аня", "Boris"), ("Борис", "Anya")):
            expected = expected_totals(env, db, ["--person", name])
            for fmt in ("beancount", "hledger"):
                for postings in ("category", "item"):
                    path, text = export(env, db, fmt, postings, folder, ["--person", name])
                    label = f"{name}'s {fmt} books ({postings})"
                    if fmt == "beancount":
                        check(run([BEAN_CHECK, path], env, ok=False).returncode == 0, f"{label}: bean-check")
                        got = beancount_totals(path, account_names(text))
                    else:
                        check(run(["hledger", "-f", path, "check"], env, ok=False).returncode == 0,
                              f"{label}: hledger check")
                        got = hledger_totals(path, account_names(beancount))
                    check(got == expected, f"{label}: expenses differ from stats --person: "
                                           f"{sorted(set(got.items()) ^ set(expected.items()))[:6]}")
            path, _ = export(env, db, "hledger", "category", folder, ["--person", name])
            receivable = run(["hledger", "-f", path, "bal", "-O", "csv", f"Assets:Receivable:{other}"], env).stdout
            rows = [row for row in csv.reader(io.StringIO(receivable)) if row and row[0].startswith("Assets:")]
            check(len(rows) == 1 and kopecks(rows[0][1]) == owed[name],
                  f"{name}'s receivable from {other} is their balance {owed[name]}: {rows}")
        # Settled, the receivables are even.
        run([RECEIPTS, "household", "settle", "--db", db, "--month", "2025-03", "--record"], env)
        path, _ = export(env, db, "hledger", "category", folder, ["--person", "Аня"])
        receivable = run(["hledger", "-f", path, "bal", "-O", "csv", "Assets:Receivable"], env).stdout
        check(all(kopecks(row[1]) == 0 for row in csv.reader(io.StringIO(receivable)) if row and
                  row[0].startswith("Assets:")), f"settled, Аня's receivables are even: {receivable}")
        # The household's own books are as they were: every receipt whole.
        check_database(env, db, folder, "fixture with a household")

        # An account map: Cyrillic names are hledger's, not beancount's.
        mapping = os.path.join(folder, "accounts.txt")
        with open(mapping, "w", encoding="utf-8") as handle:
            handle.write("# категории по-русски\nПродукты = Расходы:Продукты\ncash = Активы:Наличные\n"
                         "карта = Активы:Карта\n")
        mapped_path = os.path.join(folder, "mapped.journal")
        run([RECEIPTS, "export", "hledger", "--db", db, "--account-map", mapping, "-o", mapped_path], env)
        with open(mapped_path, encoding="utf-8") as handle:
            mapped = handle.read()
        check("    Расходы:Продукты  134.75 RUB\n" in mapped and "    Активы:Наличные  -100.00 RUB\n" in mapped
              and "    Активы:Карта  -2000.00 RUB\n" in mapped,
              "the account map's names in hledger")
        check(run(["hledger", "-f", mapped_path, "check"], env, ok=False).returncode == 0, "hledger check, mapped")
        refused_path = os.path.join(folder, "refused.beancount")
        refused = run([RECEIPTS, "export", "beancount", "--db", db, "--account-map", mapping, "-o", refused_path],
                      env, ok=False)
        check(refused.returncode == 6 and "line 2" in refused.stderr, f"a Cyrillic account refused by beancount: "
                                                                      f"{refused.returncode} {refused.stderr}")
        check(not os.path.exists(refused_path), "nothing written when the map is refused")

    if failures:
        print(f"ledger-check: {len(failures)} check(s) failed")
        return 1
    print("ledger-check: beancount and hledger accept the exports; their totals equal receipts stats")
    return 0


if __name__ == "__main__":
    sys.exit(main())
