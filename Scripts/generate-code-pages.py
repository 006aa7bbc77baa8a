#!/usr/bin/env python3
"""Generates the RTF reader's code-page tables and their sampled test vectors.

Run from the repository root:

    python3 Scripts/generate-code-pages.py

It rewrites, and nothing else:
  Sources/RichTextFormats/RTF/CodePages/CodePageTables+SingleByte.generated.swift
  Sources/RichTextFormats/RTF/CodePages/CodePageTables+<number>.generated.swift  (one per double-byte page)
  Tests/RichTextFormatsTests/RTFCodePageSamples.generated.swift

The mappings come from Python's own codecs (standard library only), so the output depends on the Python
version only where a codec changed; the file headers record the version used. A few pages are Python codecs
with documented adjustments (see PAGES below and RTFCodePage.swift's doc comment). The test samples are drawn
with a fixed seed, so regenerating with the same Python gives identical files.

Table layout (decoded once at first use by CodePageTable.swift):
  * Single-byte pages: 128 little-endian UInt16 for bytes 0x80...0xFF; 0 means unmapped. Bytes 0x00...0x7F
    are ASCII in every page except the symbol page, which is computed, not tabled.
  * Double-byte pages: the same 128-entry single-byte half, then for each lead byte (in ascending order) a
    dense row of (lastTrail - firstTrail + 1) UInt16 cells; 0 means unmapped.
  Each table is one base64 string literal: long array literals make the Swift type checker slow.
"""

import base64
import codecs
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE_DIR = os.path.join(ROOT, "Sources", "RichTextFormats", "RTF", "CodePages")
TEST_FILE = os.path.join(ROOT, "Tests", "RichTextFormatsTests", "RTFCodePageSamples.generated.swift")
SEED = 20240601
SAMPLES_PER_PAGE = 200


def ranges(*spans):
    """Byte set from inclusive (first, last) spans."""
    out = set()
    for first, last in spans:
        out.update(range(first, last + 1))
    return out


# Apple's single-byte additions shared by its double-byte Mac pages (from Apple's published mapping tables
# JAPANESE.TXT, CHINTRAD.TXT, CHINSIMP.TXT). 0xFF is "…" (Apple maps it to U+2026 plus a private-use variant
# selector; we keep the ellipsis alone).
APPLE_CJK_SINGLES = {0xA0: 0x00A0, 0xFD: 0x00A9, 0xFE: 0x2122, 0xFF: 0x2026}

# Where Microsoft's cp932 and Apple's Mac Japanese differ inside JIS X 0208: Apple keeps the JIS mapping.
MAC_JAPANESE_JIS_CELLS = {
    (0x81, 0x60): 0x301C,  # WAVE DASH (cp932: FULLWIDTH TILDE)
    (0x81, 0x61): 0x2016,  # DOUBLE VERTICAL LINE (cp932: PARALLEL TO)
    (0x81, 0x7C): 0x2212,  # MINUS SIGN (cp932: FULLWIDTH HYPHEN-MINUS)
    (0x81, 0x91): 0x00A2,  # CENT SIGN (cp932: FULLWIDTH CENT SIGN)
    (0x81, 0x92): 0x00A3,  # POUND SIGN (cp932: FULLWIDTH POUND SIGN)
    (0x81, 0xCA): 0x00AC,  # NOT SIGN (cp932: FULLWIDTH NOT SIGN)
}

# number: (python codec, lead bytes or None for single-byte, single-byte overrides, double-byte overrides, note)
PAGES = {
    437: ("cp437", None, {}, {}, "IBM PC (OEM United States)"),
    850: ("cp850", None, {}, {}, "IBM PC Latin-1 (OEM Multilingual)"),
    874: ("cp874", None, {}, {}, "Windows Thai"),
    1250: ("cp1250", None, {}, {}, "Windows Central European"),
    1251: ("cp1251", None, {}, {}, "Windows Cyrillic"),
    1252: ("cp1252", None, {}, {}, "Windows Western (ANSI)"),
    1253: ("cp1253", None, {}, {}, "Windows Greek"),
    1254: ("cp1254", None, {}, {}, "Windows Turkish"),
    1255: ("cp1255", None, {}, {}, "Windows Hebrew"),
    1256: ("cp1256", None, {}, {}, "Windows Arabic"),
    1257: ("cp1257", None, {}, {}, "Windows Baltic"),
    1258: ("cp1258", None, {}, {}, "Windows Vietnamese"),
    10000: ("mac_roman", None, {}, {}, "Mac Roman"),
    10004: ("mac_arabic", None, {}, {}, "Mac Arabic"),
    10006: ("mac_greek", None, {}, {}, "Mac Greek"),
    10007: ("mac_cyrillic", None, {}, {}, "Mac Cyrillic"),
    10010: ("mac_romanian", None, {}, {}, "Mac Romanian"),
    10029: ("mac_latin2", None, {}, {}, "Mac Central European"),
    10079: ("mac_iceland", None, {}, {}, "Mac Icelandic"),
    10081: ("mac_turkish", None, {}, {}, "Mac Turkish"),
    10082: ("mac_croatian", None, {}, {}, "Mac Croatian"),
    # Windows double-byte pages: lead bytes are Windows' lead-byte ranges (IsDBCSLeadByteEx), which include
    # user-defined rows Python leaves unmapped; a pair there decodes to nil rather than to two stray bytes.
    932: ("cp932", ranges((0x81, 0x9F), (0xE0, 0xFC)), {}, {}, "Windows Japanese (Shift-JIS)"),
    936: ("gbk", ranges((0x81, 0xFE)), {0x80: 0x20AC}, {}, "Windows Simplified Chinese (GBK)"),
    949: ("cp949", ranges((0x81, 0xFE)), {}, {}, "Windows Korean (Unified Hangul Code)"),
    950: ("cp950", ranges((0x81, 0xFE)), {}, {}, "Windows Traditional Chinese (Big5)"),
    1361: ("johab", ranges((0x84, 0xD3), (0xD8, 0xDE), (0xE0, 0xF9)), {}, {}, "Korean Johab"),
    # Mac double-byte pages: a Python codec for the double-byte core plus Apple's single-byte differences.
    10001: ("cp932", ranges((0x81, 0x9F), (0xE0, 0xFC)),
            {**APPLE_CJK_SINGLES, 0x80: 0x005C}, MAC_JAPANESE_JIS_CELLS, "Mac Japanese"),
    10002: ("big5", ranges((0xA1, 0xFC)), APPLE_CJK_SINGLES, {}, "Mac Traditional Chinese"),
    10003: ("euc_kr", ranges((0xA1, 0xFD)), {0x80: 0x00A0, 0x81: 0x20A9, 0x83: 0x00A9}, {}, "Mac Korean"),
    10008: ("gb2312", ranges((0xA1, 0xFC)), APPLE_CJK_SINGLES, {}, "Mac Simplified Chinese"),
}


def decode_one(codec, data):
    """The single scalar `data` decodes to, or 0 when it is unmapped (or decodes to more than one scalar)."""
    try:
        text = data.decode(codec)
    except UnicodeDecodeError:
        return 0
    if len(text) != 1 or ord(text) > 0xFFFF:
        return 0
    return ord(text)


def build(number):
    codec, leads, single_overrides, double_overrides, _ = PAGES[number]
    for byte in range(0x80):
        assert decode_one(codec, bytes([byte])) == byte, f"{codec}: byte {byte:#x} is not ASCII"
    high = []
    for byte in range(0x80, 0x100):
        value = 0 if leads and byte in leads else decode_one(codec, bytes([byte]))
        high.append(single_overrides.get(byte, value))
    if leads is None:
        return high, None
    cells = {}
    for lead in sorted(leads):
        for trail in range(0x100):
            value = decode_one(codec, bytes([lead, trail]))
            if value:
                cells[(lead, trail)] = value
    cells.update(double_overrides)
    first_trail = min(trail for _, trail in cells)
    last_trail = max(trail for _, trail in cells)
    rows = []
    for lead in sorted(leads):
        rows.append([cells.get((lead, trail), 0) for trail in range(first_trail, last_trail + 1)])
    return high, (sorted(leads), first_trail, last_trail, rows, cells)


def pack(values):
    return base64.b64encode(b"".join(v.to_bytes(2, "little") for v in values)).decode("ascii")


def literal(encoded, indent="        "):
    """A multi-line Swift string literal holding `encoded` in 100-character lines."""
    lines = [encoded[i:i + 100] for i in range(0, len(encoded), 100)]
    body = "\n".join(indent + line for line in lines)
    return f'"""\n{body}\n{indent}"""'


def header(what):
    return (
        "// GENERATED FILE: do not edit.\n"
        f"// {what}\n"
        "// Regenerate from the repository root with `python3 Scripts/generate-code-pages.py`\n"
        f"// (written by Python {sys.version.split()[0]}'s codecs; see the script for the layout).\n\n"
    )


def spans(values):
    values = sorted(values)
    out, start, prev = [], None, None
    for v in values:
        if start is None:
            start = prev = v
        elif v == prev + 1:
            prev = v
        else:
            out.append((start, prev))
            start = prev = v
    if start is not None:
        out.append((start, prev))
    return out


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print("wrote", os.path.relpath(path, ROOT), f"({len(text)} bytes)")


def write_double_byte(number, docs, arguments):
    """Writes CodePageTables+<number>.generated.swift: `static let page<number> = CodePageTable(<arguments>)`."""
    text = header(f"Double-byte code-page table {number} ({PAGES[number][4]}) for RTFCodePage.")
    text += "extension CodePageTable {\n"
    text += "".join(f"    /// {line}\n" for line in docs)
    text += f"    static let page{number} = CodePageTable(\n"
    text += ",\n".join(f"        {argument}" for argument in arguments) + "\n"
    text += "    )\n}\n"
    write(os.path.join(SOURCE_DIR, f"CodePageTables+{number}.generated.swift"), text)


def main():
    built = {number: build(number) for number in sorted(PAGES)}

    # Single-byte pages share one file: each is a 344-character literal.
    out = [header("Single-byte code-page tables for RTFCodePage (bytes 0x80...0xFF)."),
           "extension CodePageTable {\n"]
    for number, (high, double) in built.items():
        if double is not None:
            continue
        out.append(f"    /// Code page {number}: {PAGES[number][4]} (Python codec `{PAGES[number][0]}`).\n")
        out.append(f"    static let page{number} = CodePageTable(singleByte: {literal(pack(high))})\n\n")
    out[-1] = out[-1].rstrip("\n") + "\n"
    out.append("}\n")
    write(os.path.join(SOURCE_DIR, "CodePageTables+SingleByte.generated.swift"), "".join(out))

    # One file per double-byte page. A page with the same codec, lead and trail bytes as an earlier one (Mac
    # Japanese on cp932) is written as that page plus the cells that differ, not as a second copy.
    written = {}
    for number, (high, double) in built.items():
        if double is None:
            continue
        leads, first_trail, last_trail, rows, _ = double
        shape = (PAGES[number][0], tuple(leads), first_trail, last_trail)
        if shape in written:
            base = written[shape]
            base_high, (_, _, _, base_rows, _) = built[base]
            singles = {0x80 + i: v for i, (v, b) in enumerate(zip(high, base_high)) if v != b}
            doubles = {}
            for lead, row, base_row in zip(leads, rows, base_rows):
                for column, (v, b) in enumerate(zip(row, base_row)):
                    if v != b:
                        doubles[(lead << 8) | (first_trail + column)] = v
            def table(d):
                return "[" + ", ".join(f"0x{k:02X}: 0x{v:04X}" for k, v in sorted(d.items())) + "]" if d else "[:]"
            write_double_byte(number, [f"Code page {number}: {PAGES[number][4]}: page {base}'s table with the cells where it differs."],
                              [f"page{base}", f"singleBytes: {table(singles)}", f"pairs: {table(doubles)}"])
            continue
        written[shape] = number
        lead_text = ", ".join(f"0x{a:02X}...0x{b:02X}" for a, b in spans(leads))
        values = high + [v for row in rows for v in row]
        write_double_byte(number, [f"Code page {number}: {PAGES[number][4]} (Python codec `{PAGES[number][0]}`).",
                                   f"Lead bytes {lead_text}; trail bytes 0x{first_trail:02X}...0x{last_trail:02X}."],
                          [f"leadBytes: [{lead_text}]", f"trailBytes: 0x{first_trail:02X}...0x{last_trail:02X}",
                           f"table: {literal(pack(values), indent='            ')}"])

    # Sampled test vectors: one compact string per page, "BYTES=SCALAR" or "BYTES=-" (unmapped), so the test
    # file stays a handful of string literals instead of thousands of array elements.
    rng = random.Random(SEED)
    out = [header("Seeded samples (bytes -> scalar) of every generated code page, for RTFCodePageTests."),
           "/// Samples drawn with seed " + str(SEED) + ": each entry is hex bytes, `=`, then the hex scalar or `-`\n"
           "/// for unmapped. Taken straight from Python's codecs (plus the documented overrides).\n",
           "let codePageSamples: [Int: String] = [\n"]
    for number, (high, double) in built.items():
        codec, leads, single_overrides, double_overrides, _ = PAGES[number]
        entries = []
        if double is None:
            for byte in rng.sample(range(0x100), SAMPLES_PER_PAGE):
                value = byte if byte < 0x80 else single_overrides.get(byte, decode_one(codec, bytes([byte])))
                entries.append((f"{byte:02X}", value))
        else:
            mapped = sorted(double[4])
            picks = rng.sample(mapped, SAMPLES_PER_PAGE * 3 // 4)
            lead_list = sorted(leads)
            while len(picks) < SAMPLES_PER_PAGE:
                picks.append((rng.choice(lead_list), rng.randrange(0x100)))
            for lead, trail in picks:
                value = double_overrides.get((lead, trail), decode_one(codec, bytes([lead, trail])))
                entries.append((f"{lead:02X}{trail:02X}", value))
            singles = sorted(set(range(0x80, 0x100)) - set(leads))
            for byte in rng.sample(singles, min(20, len(singles))):
                value = single_overrides.get(byte, decode_one(codec, bytes([byte])))
                entries.append((f"{byte:02X}", value))
        # Byte 0x00 is the one sample whose scalar is 0; everywhere else 0 is "unmapped".
        words = [f"{b}={v:04X}" if v or b == "00" else f"{b}=-" for b, v in entries]
        lines = ["        " + " ".join(words[i:i + 12]) for i in range(0, len(words), 12)]
        out.append(f'    {number}: """\n' + "\n".join(lines) + '\n        """,\n')
    out.append("]\n")
    write(TEST_FILE, "".join(out))


if __name__ == "__main__":
    main()
