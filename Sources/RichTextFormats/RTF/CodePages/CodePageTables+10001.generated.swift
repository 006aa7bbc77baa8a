// GENERATED FILE: do not edit.
// Double-byte code-page table 10001 (Mac Japanese) for RTFCodePage.
// Regenerate from the repository root with `python3 Scripts/generate-code-pages.py`
// (written by Python 3.11.7's codecs; see the script for the layout).

extension CodePageTable {
    /// Code page 10001: Mac Japanese: page 932's table with the cells where it differs.
    static let page10001 = CodePageTable(
        page932,
        singleBytes: [0x80: 0x005C, 0xA0: 0x00A0, 0xFD: 0x00A9, 0xFE: 0x2122, 0xFF: 0x2026],
        pairs: [0x8160: 0x301C, 0x8161: 0x2016, 0x817C: 0x2212, 0x8191: 0x00A2, 0x8192: 0x00A3, 0x81CA: 0x00AC]
    )
}
