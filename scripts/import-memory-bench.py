#!/usr/bin/env python3
"""make bench: the peak memory of importing one large export file, by `receipts import FILE` and by
the web app's upload (`POST /api/import/file`), against the file's size (target: at most 3 ×).

    RECEIPTS=.build/release/receipts scripts/import-memory-bench.py [MEGABYTES]

The file (60 MB by default, `IMPORT_MEMORY_BENCH_MB`) is generated in a temporary folder from a
seeded generator, in the shape the tax service's app exports (`[{"ticket": {"document": {"receipt":
…}}}]`, the lines of a real Pyaterochka receipt with GTINs); nothing of it is kept. The command's
peak is its resident set's high-water mark (`ru_maxrss` of the child, after it ends); the web app's
is the growth of its `VmHWM` (/proc/PID/status) from before the upload to after it, the app on
loopback only.
"""

import json
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
import urllib.request

NAMES = [
    "Дск Яблоко красное 1кг", "ЧЕБАРКУЛЬ Мол.ОТБ.3,8% м/у 1л", "*ШАР.Ваф.ВЕН.со взб.сл/виш.150г",
    "Вафли ЯШКИНСКИЕ ореховые   300г", "МОЛОКО ПАСТ.3,2% 930МЛ", "Хлеб БОРОДИНСКИЙ нарез.300г",
    "БАНАНЫ 1кг", "Сыр РОССИЙСКИЙ 50% 200г", "Пакет-майка ПЯТЕРОЧКА 65х40", "Кефир 1% 900г",
    "Яйцо куриное С1 10шт", "Сок ДОБРЫЙ яблоко 1л", "Масло слив. 82,5% 180г", "Огурцы короткоплод.1кг",
]


def receipt(rng, number):
    """One receipt as the tax service's app exports it: 3 to 25 lines, a third of them weighed."""
    items = []
    for _ in range(rng.randint(3, 25)):
        price = rng.randint(1_000, 99_999)
        weighed = rng.random() < 0.3
        quantity = round(rng.uniform(0.2, 2.5), 3) if weighed else rng.randint(1, 3)
        line = {"nds": rng.choice([1, 2]), "sum": round(price * quantity), "name": rng.choice(NAMES),
                "price": price, "quantity": quantity, "paymentType": 4, "productType": 1,
                "itemsQuantityMeasure": 11 if weighed else 0}
        if not weighed:
            gtin = f"46{rng.randint(0, 10**11 - 1):011d}"
            line["productCodeNew"] = {"ean13": {"gtin": gtin, "sernum": "", "productIdType": 3,
                                                "rawProductCode": gtin}}
        items.append(line)
    total = sum(line["sum"] for line in items)
    day = 1 + number % 28
    return {"ticket": {"document": {"receipt": {
        "code": 3, "user": "ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ \"АГРОТОРГ\"", "items": items,
        "region": "74", "userInn": "7825706086  ",
        "dateTime": f"20{22 + number % 3}-{1 + number % 12:02d}-{day:02d}T{8 + number % 14:02d}:11:00",
        "kktRegId": f"{4000518016307 + number % 50:016d}    ", "totalSum": total, "ecashTotalSum": total,
        "cashTotalSum": 0, "operationType": 1, "fiscalSign": 1_000_000 + number,
        "fiscalDriveNumber": f"{9960440301234500 + number % 50}", "fiscalDocumentNumber": number,
        "retailPlace": "Пятерочка", "retailPlaceAddress": "454100,Россия,Челябинская область,Челябинск г,"
        "Комсомольский пр-кт,д. 113",
    }}}}


def write_export(path, megabytes):
    """The export file, receipts added until it reaches `megabytes` MB; returns its size in bytes."""
    rng = random.Random(49)
    target = megabytes * 1_000_000
    written = 0
    with open(path, "w", encoding="utf-8") as file:
        file.write("[")
        number = 0
        while written < target:
            text = (",\n" if number else "") + json.dumps(receipt(rng, number + 1), ensure_ascii=False)
            file.write(text)
            written += len(text.encode("utf-8"))
            number += 1
        file.write("]")
    return os.path.getsize(path), number


def command_peak(receipts, export, folder):
    """`receipts import FILE` in a child: its peak resident set in bytes and its time."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    started = time.monotonic()
    subprocess.run([receipts, "import", export, "--db", os.path.join(folder, "cli.sqlite"), "--quiet"],
                   check=True, stdout=subprocess.DEVNULL)
    elapsed = time.monotonic() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    # ru_maxrss of the children is the largest of any child so far: this is the first one.
    assert peak >= before
    return peak * 1024, elapsed


def status_kb(pid, field):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise RuntimeError(f"no {field} in /proc/{pid}/status")


def web_peak(receipts, export, folder):
    """The web app's upload of the file: its VmHWM before and after, in bytes, and the time."""
    environment = dict(os.environ, XDG_CONFIG_HOME=folder, XDG_DATA_HOME=folder, XDG_RUNTIME_DIR=folder)
    server = subprocess.Popen([receipts, "web", "--db", os.path.join(folder, "web.sqlite"), "--port", "0"],
                              env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        address = None
        deadline = time.time() + 60
        while address is None and time.time() < deadline:
            line = server.stdout.readline()
            if not line and server.poll() is not None:
                break
            if "http://" in line:
                address = line[line.index("http://"):].strip()
        if address is None:
            sys.exit("import-memory-bench: receipts web printed no address")
        origin = re.match(r"http://[^/#?]+", address).group(0)
        key = re.search(r"key=([^&#\s]+)", address).group(1)
        time.sleep(1)
        before = status_kb(server.pid, "VmHWM")
        with open(export, "rb") as file:
            body = file.read()
        request = urllib.request.Request(
            f"{origin}/api/import/file?name=export.json", data=body, method="POST",
            headers={"Authorization": f"Bearer {key}", "Origin": origin,
                     "Content-Type": "application/octet-stream"})
        del body
        started = time.monotonic()
        with urllib.request.urlopen(request, timeout=600) as answer:
            result = json.load(answer)
        elapsed = time.monotonic() - started
        after = status_kb(server.pid, "VmHWM")
        return before * 1024, after * 1024, elapsed, result
    finally:
        server.terminate()
        server.wait()


def main():
    receipts = os.environ.get("RECEIPTS", ".build/release/receipts")
    megabytes = int(sys.argv[1] if len(sys.argv) > 1 else os.environ.get("IMPORT_MEMORY_BENCH_MB", "60"))
    with tempfile.TemporaryDirectory() as folder:
        export = os.path.join(folder, "export.json")
        size, count = write_export(export, megabytes)
        mb = 1_000_000
        print("## Importing one large export file: peak memory\n")
        print(f"{count:,} receipts, {size / mb:.1f} MB; target: at most 3 × the file.\n")
        print("| path | peak | × the file | time |")
        print("|---|---:|---:|---:|")
        peak, elapsed = command_peak(receipts, export, folder)
        print(f"| `receipts import FILE` (peak RSS) | {peak / mb:.0f} MB | {peak / size:.2f} | {elapsed:.1f} s |")
        before, after, elapsed, result = web_peak(receipts, export, folder)
        growth = after - before
        print(f"| web upload (VmHWM {before / mb:.0f} → {after / mb:.0f} MB, growth) | {growth / mb:.0f} MB "
              f"| {growth / size:.2f} | {elapsed:.1f} s |")
        print(f"\nThe web app answered: {json.dumps(result, ensure_ascii=False)[:200]}")
        print(f"<!-- summary | import FILE: peak memory | {size / mb:.0f} MB export, {count:,} receipts "
              f"| {peak / size:.2f} × the file | web upload {growth / size:.2f} × | ≤ 3 × the file -->")


if __name__ == "__main__":
    main()
