#!/usr/bin/env python3
"""The scan benchmark's outside yardstick: zxing-cpp from PyPI, not the project's own reader.

Prints {"version"} of zxing-cpp first; then reads each image file named on the command line as
grayscale and prints one JSON line a file (texts as the codes hold them, zxing-cpp's plain text mode,
as zbar and the cascade give them: a GS1 group separator stays a byte, not "(01)…"):
{"file", "codes": [texts of the QR codes zxing-cpp read], "ms": decoding time, the file read
included, in milliseconds}. An image it cannot open gives no codes and an "error".
`make bench` runs it from .build/bench-venv (zxing-cpp and Pillow at pinned versions).
"""
import json
import sys
import time
from importlib.metadata import version

import zxingcpp
from PIL import Image


def main() -> None:
    print(json.dumps({"version": version("zxing-cpp")}), flush=True)
    for path in sys.argv[1:]:
        start = time.perf_counter()
        entry = {"file": path, "codes": []}
        try:
            with Image.open(path) as image:
                gray = image.convert("L")
            results = zxingcpp.read_barcodes(
                gray, formats=zxingcpp.BarcodeFormat.QRCode, text_mode=zxingcpp.TextMode.Plain
            )
            entry["codes"] = [result.text for result in results if result.valid]
        except Exception as error:  # a file the yardstick cannot read counts as not read
            entry["error"] = str(error)
        entry["ms"] = (time.perf_counter() - start) * 1000
        print(json.dumps(entry), flush=True)


if __name__ == "__main__":
    main()
