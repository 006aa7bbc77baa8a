/// Excerpts for the Formatting layer's probes: a stretch of a document as a document of its own.
extension RichString {
    /// The text and runs over `range` (UTF-8 offsets on character boundaries) as a new string, with no
    /// behaviour run: exactly the stored content, offsets shifted by `range.lowerBound`.
    package func excerpt(utf8 range: Range<Int>) -> RichString {
        RichString(text: TextRope(text.string(in: range)), runs: runStore.runs(in: range))
    }
}
