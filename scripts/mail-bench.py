#!/usr/bin/env python3
"""make bench: `receipts mail import` over an mbox of 10,000 letters (issue 52): letters a second,
and the command's peak memory against a 1,000-letter mailbox's (bounded: the mailbox is read a
letter at a time, saved a hundred letters a transaction).

    RECEIPTS=.build/release/receipts scripts/mail-bench.py [LETTERS]

The mailbox is generated in a temporary folder from a seeded generator: seven letters in ten are
receipts in three operators' shapes (Первый ОФД's table of cells, ОФД.ру's «2 X 89.90» rows, and
Яндекс Маркет's link without lines, which stays pending), each a receipt of its own, the HTML
quoted-printable as the operators send it; three in ten are the repository's fixture letters
(Tests/Fixtures/mail) under Message-IDs of their own: the same receipts again, promotions and
newsletters among them. Each size runs three times on a new database (median), then once more on
the same one, where every letter is read before (only the Message-IDs are looked up). The peak is
the child's `ru_maxrss`.
"""

import email.policy
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from email.message import EmailMessage

RECEIPTS = os.environ.get("RECEIPTS", ".build/release/receipts")
FIXTURES = os.path.join(os.path.dirname(__file__), "..", "Tests", "Fixtures", "mail")
NAMES = ["Молоко 3,2% 930 мл", "Хлеб Бородинский 300 г", "Бананы, кг", "Кофе молотый 250 г", "Сыр Российский 200 г",
         "Яйцо С1 10 шт", "Вода питьевая 1,5 л", "Шоколад молочный 90 г", "Пакет-майка", "Кефир 1% 900 г"]


def lines(rng):
    result = []
    for _ in range(rng.randint(1, 12)):
        price = rng.randint(1_000, 99_999)
        quantity = rng.randint(1, 3)
        result.append((rng.choice(NAMES), price, quantity, price * quantity))
    return result


def money(kopecks):
    return f"{kopecks // 100}.{kopecks % 100:02d}"


def letter(rng, number):
    fd, fp = 100_000 + number, 1_000_000_000 + number * 7
    fn = "7281440701122334"
    day, hour = 1 + number % 28, 8 + number % 12
    items = lines(rng)
    total = sum(item[3] for item in items)
    stamp = f"{day:02d}.{1 + number % 12:02d}.2026 {hour:02d}:15"
    qr = f"t=2026{1 + number % 12:02d}{day:02d}T{hour:02d}15&s={money(total)}&fn={fn}&i={fd}&fp={fp}&n=1"
    shape = number % 3
    if shape == 0:
        rows = "".join(
            f"<tr><td>{i + 1}.</td></tr><tr><td>{name}</td></tr><tr><td>{money(price)}</td></tr>"
            f"<tr><td>{quantity}</td></tr><tr><td>{money(sum_)}</td></tr><tr><td>Полный расчет</td></tr>"
            for i, (name, price, quantity, sum_) in enumerate(items))
        html = (f"<html><body><table><tr><td>Электронная копия чека</td></tr><tr><td>{stamp}</td></tr>"
                f"<tr><td>Наименование</td><td>Цена за ед.</td><td>Кол.</td><td>Сумма</td></tr>{rows}"
                f"<tr><td>ИТОГО:</td></tr><tr><td>{money(total)}</td></tr>"
                f"<tr><td>ФД: {fd}</td></tr><tr><td>ФН: {fn}</td></tr><tr><td>ФПД: {fp}</td></tr></table>"
                f"<a href=\"https://consumer.1-ofd.ru/v1?{qr.replace('&', '&amp;')}\">Открыть чек</a></body></html>")
        sender = "echeck@1-ofd.ru"
    elif shape == 1:
        rows = "".join(
            f"<tr><td align=\"left\"><b>{name}</b></td><td align=\"right\"><span>{quantity} X {money(price)}</span>"
            f"</td></tr><tr><td></td><td align=\"right\">={money(sum_)}</td></tr>" for name, price, quantity, sum_ in items)
        html = (f"<html><body><table><tr><td>Дата</td><td>{stamp}</td></tr>{rows}"
                f"<tr><td>ИТОГ</td><td>={money(total)}</td></tr></table>"
                f"<a href=\"https://check.ofd.ru/rec/{fn}/{fd}/{fp}\">Чек</a></body></html>")
        sender = "noreply@ofd.ru"
    else:
        html = (f"<html><body><p>Когда {stamp}</p><p>Сколько {money(total)} ₽</p>"
                f"<a href=\"https://check.yandex.ru/?n={fd}&amp;fn={fn}&amp;fpd={fp}\">Чек</a></body></html>")
        sender = "noreply@check.yandex.ru"
    message = EmailMessage(policy=email.policy.SMTP)
    message["From"] = f"Чек <{sender}>"
    message["To"] = "buyer@example.ru"
    message["Subject"] = f"Кассовый чек {number}"
    message["Message-ID"] = f"<bench-{number}@mail.example>"
    message.set_content(f"Чек {number}", cte="quoted-printable")
    message.add_alternative(html, subtype="html", cte="quoted-printable")
    return message.as_bytes()


def mailbox(path, count):
    rng = random.Random(52)
    fixtures = [open(os.path.join(FIXTURES, name), "rb").read() for name in sorted(os.listdir(FIXTURES))
                if name.endswith(".eml")]
    with open(path, "wb") as out:
        for number in range(count):
            if number % 10 < 7:
                body = letter(rng, number)
            else:
                fixture = fixtures[number % len(fixtures)]
                # The header's own line, not `message-id` in a DKIM signature's list of headers.
                start = fixture.lower().index(b"\r\nmessage-id:") + 2
                end = fixture.index(b"\r\n", start)
                body = fixture[:start] + f"Message-ID: <copy-{number}@mail.example>".encode() + fixture[end:]
            out.write(b"From bench@example.ru Mon Nov 30 05:00:00 2026\n")
            out.write(body.replace(b"\nFrom ", b"\n>From "))
            out.write(b"\n\n")


def run(path, database):
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    process = subprocess.run([RECEIPTS, "mail", "import", path, "--json", "--db", database],
                             capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if process.returncode != 0:
        sys.exit(f"receipts mail import failed ({process.returncode}): {process.stderr}")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return elapsed, peak, before, process.stdout


def main():
    big = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    print("# Mail import benchmark")
    print()
    print(f"`receipts mail import` over generated mboxes; {os.cpu_count()} cores; release build.")
    print()
    print("| letters | mailbox | median time | letters/s | again (all read before) | peak memory |")
    print("|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory(prefix="receipts-mail-bench-") as folder:
        results = {}
        for count in (1_000, big):
            path = os.path.join(folder, f"inbox-{count}.mbox")
            mailbox(path, count)
            size = os.path.getsize(path) / 1_048_576
            times, peaks = [], []
            for attempt in range(3):
                database = os.path.join(folder, f"receipts-{count}-{attempt}.sqlite")
                elapsed, peak, _, output = run(path, database)
                times.append(elapsed)
                peaks.append(peak)
            times.sort()
            again, _, _, _ = run(path, database)
            # ru_maxrss of children is the largest child so far: a larger mailbox's peak shows only
            # when it is larger than the smaller one's.
            results[count] = (times[1], max(peaks))
            print(f"| {count:,} | {size:.1f} MB | {times[1]:.2f} s | {count / times[1]:,.0f} | {again:.2f} s "
                  f"| {max(peaks) / 1024:.0f} MB |")
        small_peak, big_peak = results[1_000][1], results[big][1]
        print()
        print(f"Peak memory {big:,} letters against 1,000: {big_peak / small_peak:.2f} ×.")
        print(f"<!-- summary | mail import: letters/s | {big:,}-letter mbox | {big / results[big][0]:,.0f} letters/s "
              f"| peak {big_peak / 1024:.0f} MB, {big_peak / small_peak:.2f} × the 1,000-letter mailbox's "
              f"| bounded memory -->")


if __name__ == "__main__":
    main()
