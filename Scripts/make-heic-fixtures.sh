#!/usr/bin/env bash
# Makes the HEIC fixtures of Tests/RichTextFormatsTests/Fixtures/HEIC with tools no one here wrote:
# libheif's heif-enc for the renditions and exiftool for the XMP packet, as Apple stores a Genmoji
# (NSAdaptiveImageGlyph.imageContent): one HEIC holding renditions of 160, 96, 64 and 40 px, and an XMP packet
# whose tiff:DocumentName is the content identifier and whose dc:description is the content description.
#
#   Scripts/make-heic-fixtures.sh [OUTPUT-FOLDER]
#
# Installs libheif-examples and libimage-exiftool-perl with apt-get when they are missing (as root); otherwise
# says what to install and stops. The source PNGs are drawn by Python's standard library (no imaging package).
#
# heif-enc stores every source image given on its command line as a top-level image item of one file (the first
# is the primary item), so one file holds all four renditions, each with its own `ispe`, as Apple's does. Each
# rendition has an alpha plane, which heif-enc stores as an auxiliary (`auxl`) image of the same size: readers
# must not count those as renditions.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$here/Tests/RichTextFormatsTests/Fixtures/HEIC}"

need_install=()
command -v heif-enc >/dev/null 2>&1 || need_install+=(libheif-examples)
command -v exiftool >/dev/null 2>&1 || need_install+=(libimage-exiftool-perl)
if [ "${#need_install[@]}" -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "installing ${need_install[*]}" >&2
        apt-get update >/dev/null
        DEBIAN_FRONTEND=noninteractive apt-get install -y "${need_install[@]}" >/dev/null
    else
        echo "make-heic-fixtures: needs heif-enc and exiftool; install them with" >&2
        echo "  sudo apt-get install -y ${need_install[*]}   (or: brew install libheif exiftool)" >&2
        exit 1
    fi
fi
command -v python3 >/dev/null 2>&1 || { echo "make-heic-fixtures: needs python3 to draw the source images" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# A round orange face with eyes and a smile on a transparent background, drawn at each size (RGBA PNG).
python3 - "$work" <<'PY'
import struct, sys, zlib
folder = sys.argv[1]
def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff)
def face(n):
    rows = []
    c = (n - 1) / 2.0
    r = n * 0.46
    for y in range(n):
        row = bytearray([0])
        for x in range(n):
            dx, dy = (x - c) / r, (y - c) / r
            d = dx * dx + dy * dy
            if d > 1.0:
                row += bytes((0, 0, 0, 0))
            elif ((dx + 0.35) ** 2 + (dy + 0.3) ** 2 < 0.012) or ((dx - 0.35) ** 2 + (dy + 0.3) ** 2 < 0.012):
                row += bytes((40, 30, 20, 255))
            elif 0.2 < dy < 0.6 and abs(dx) < 0.5 and abs(0.55 - (dx * dx) * 1.2 - dy) < 0.08:  # corners up: a smile
                row += bytes((120, 20, 20, 255))
            else:
                row += bytes((250, 160 - int(60 * d), 30, 255))
        rows.append(bytes(row))
    raw = b"".join(rows)
    ihdr = struct.pack(">IIBBBBB", n, n, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
for n in (160, 96, 64, 40):
    with open(f"{folder}/face-{n}.png", "wb") as f:
        f.write(face(n))
PY

# All four renditions in one file, largest (the primary item) first. Quality 30 keeps each file a few KB.
heif-enc -q 30 -o "$work/renditions.heic" "$work"/face-160.png "$work"/face-96.png "$work"/face-64.png "$work"/face-40.png >/dev/null

mkdir -p "$out"
identifier="F2A5C4D1-7B3E-4E8A-9C61-0D4B2E8F5A17"
description="a smiling orange face"

# exiftool's XMP-tiff table has no DocumentName (TIFF's tag 269 has no XMP twin in the spec), but Apple writes
# tiff:DocumentName; a user-defined tag in exiftool's documented config format adds it to the tiff namespace.
cat > "$work/exiftool.config" <<'PERL'
%Image::ExifTool::UserDefined = (
    'Image::ExifTool::XMP::tiff' => { DocumentName => { } },
);
1;
PERL

xmp() { # SOURCE DESTINATION DOCUMENT-NAME
    rm -f "$2"
    exiftool -config "$work/exiftool.config" -q -o "$2" \
        -XMP-tiff:DocumentName="$3" \
        -XMP-dc:Description="$description" \
        -XMP-xmp:CreatorTool="Apple TextKit" \
        -XMP-photoshop:Credit="Apple Image Playground" \
        -XMP-iptcExt:DigitalSourceType="http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia" \
        "$1"
}

# The Genmoji as Apple stores it.
xmp "$work/renditions.heic" "$out/genmoji.heic" "$identifier"
# The same renditions without any XMP: identity must come from elsewhere.
cp "$work/renditions.heic" "$out/genmoji-no-xmp.heic"
# An image whose DocumentName is not the id that the RTF beside it (\appleemojiimage) gives.
xmp "$work/renditions.heic" "$out/genmoji-documentname-disagrees-with-rtf.heic" "0000-NOT-THE-RTF-ID"
package="$out/documentname-disagrees-with-rtf.rtfd"
rm -rf "$package"
mkdir -p "$package"
cp "$out/genmoji-documentname-disagrees-with-rtf.heic" "$package/AdaptiveImageGlyph-$identifier.heic"
printf '%s\n' '{\rtf1\ansi\ansicpg1252\cocoartf2822' \
    '{\fonttbl\f0\fswiss\fcharset0 Helvetica;}' \
    '\f0\fs24 Hi {{\NeXTGraphic AdaptiveImageGlyph-'"$identifier"'.heic \width800 \height800 \appleemojiimage '"$identifier"'}'$'\xac''}}' \
    > "$package/TXT.rtf"
# Cut short inside the meta box (the first 300 bytes) and inside the image data (all but the last 100 bytes).
head -c 300 "$out/genmoji.heic" > "$out/genmoji-truncated-in-meta.heic"
size="$(wc -c < "$out/genmoji.heic")"
head -c "$((size - 100))" "$out/genmoji.heic" > "$out/genmoji-truncated-in-mdat.heic"

ls -l "$out"
