/// Entry points for the engine's one-write attribute sets (`FormattingEngine+OneWriteAttributeSet.swift`).
extension AttributeSet {
    /// What `RichString.setAttribute(key, to: value, in:)` does to the set of each run it covers (nil removes
    /// the key), as one function: the engine makes the same change to the sets it reads, then writes the
    /// result of the change and of its own constraints together.
    package static func runTransform(setting key: AttributeKeyDescriptor, to value: AttributeValue?) -> (AttributeSet) -> AttributeSet {
        guard let value else { return { $0.removing(key.name) } }
        let entry = ResolvedEntry(key, value)
        return { $0.setting(entry) }
    }
}
