#!/usr/bin/env bash
# Makes the HEIC that the glyph-rendering tests decode: Tests/RichTextFormatsTests/Fixtures/HEICRender/quadrants.heic.
#
# A 64×64 and a 32×32 rendition (two top-level images, as a Genmoji holds several sizes) of one picture with
# four coloured quadrants: red top-left, green top-right, blue bottom-left, yellow bottom-right. The PNGs are
# drawn by Python's standard library (zlib, struct); the HEIC is encoded by libheif's heif-enc, a tool no one
# here wrote. Lossy, so the tests check colours within a tolerance, well inside the quadrants.
#
# Needs python3 and heif-enc; installs libheif-examples with apt-get when it is missing and we are root.
set -euo pipefail
cd "$(dirname "$0")/.."
out=Tests/RichTextFormatsTests/Fixtures/HEICRender
mkdir -p "$out"

if ! command -v heif-enc >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update && apt-get install -y libheif-examples
  else
    echo "heif-enc is missing: install libheif-examples (apt-get install libheif-examples) and run again" >&2
    exit 1
  fi
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$work" <<'PY'
import struct, sys, zlib

def png(path, size):
    colours = [(0xE0, 0x20, 0x20), (0x20, 0xC0, 0x30), (0x20, 0x40, 0xE0), (0xF0, 0xD0, 0x20)]
    half = size // 2
    rows = b""
    for y in range(size):
        row = bytearray([0])  # filter: none
        for x in range(size):
            row += bytes(colours[(2 if y >= half else 0) + (1 if x >= half else 0)])
        rows += bytes(row)
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))

png(sys.argv[1] + "/q64.png", 64)
png(sys.argv[1] + "/q32.png", 32)
PY

# Quality 90 keeps the flat quadrants close to their colours; 4:4:4 chroma keeps the edges between them sharp.
heif-enc -q 90 -p chroma=444 -o "$out/quadrants.heic" "$work/q64.png" "$work/q32.png"
ls -l "$out/quadrants.heic"
heif-info "$out/quadrants.heic" 2>/dev/null || true
