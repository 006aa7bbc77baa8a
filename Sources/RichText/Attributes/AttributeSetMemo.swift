/// Answers worked out once per distinct attribute set during one walk over a string's runs, and found again for
/// every run that carries the same set.
///
/// A document holds few distinct sets (they are interned) over many runs, so walks that look at sets (typing a
/// read document, stamping a definition's behaviours, finding Genmoji) work out each set's answer once. The table
/// finds a set again by its serial number (`internedIdentity`), with a multiplicative hash and linear probing: no
/// `Hasher`, and no reference counted on the set. Sets are shared by every thread's documents, and a reference
/// counted per run makes the cores contend for the set's count.
///
/// The table keeps no set alive; an answer that holds the set does. Serial numbers are never reused, so a
/// number found in the table names the set stored under it for as long as the walk holds its string.
///
/// A renderer that turns each run's attributes into a style (a font, a colour, a paragraph style) works each
/// style out once per distinct set the same way:
///
/// ```swift
/// var styles = AttributeSetMemo<Style>()
/// for run in text.runs {
///     let k = styles.index(of: run.attributes) { Style($0) }
///     draw(text[run.range], styles.values[k])
/// }
/// ```
public struct AttributeSetMemo<Value> {
    /// The answers, in the order their sets were first met.
    public var values: [Value] { answers }
    /// `values`' storage, appended to by the inlinable `insert`, so that each client appends in its own
    /// specialisation rather than through the generic one.
    @usableFromInline var answers: [Value] = []
    /// Open-addressed slots: a set's serial number (0 for a free slot) and its answer's index in `values`.
    @usableFromInline var serials: [UInt]
    @usableFromInline var indices: [Int32]
    @usableFromInline var shift: UInt64

    /// An empty table; it grows as sets are met.
    public init() {
        // Room for 32 sets before the first growth: most documents hold fewer.
        serials = Array(repeating: 0, count: 64)
        indices = Array(repeating: 0, count: 64)
        shift = 64 - 6
    }

    /// The index in `values` of the answer for `attributes`, or nil when the set was not met yet.
    @inlinable
    public func index(of attributes: AttributeSet) -> Int? {
        let serial = attributes.serialNumber
        var slot = self.slot(for: serial)
        let mask = serials.count - 1
        while true {
            let found = serials[slot]
            if found == serial { return Int(indices[slot]) }
            if found == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// The index in `values` of the answer for `attributes`, worked out by `answer` the first time the set is met.
    @inlinable
    public mutating func index(of attributes: AttributeSet, answer: (AttributeSet) throws -> Value) rethrows -> Int {
        if let known = index(of: attributes) { return known }
        let value = try answer(attributes)
        return insert(value, for: attributes.serialNumber)
    }

    /// The answer for `attributes`, or nil when the set was not met yet.
    @inlinable
    public subscript(attributes: AttributeSet) -> Value? {
        index(of: attributes).map { values[$0] }
    }

    /// The slot a serial number's probe starts at: the top bits of a multiplicative hash, which spreads the
    /// consecutive numbers sets are given.
    @inlinable
    func slot(for serial: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(serial) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    @inlinable
    mutating func insert(_ value: Value, for serial: UInt) -> Int {
        let index = answers.count
        answers.append(value)
        // At most half full, so probes stay short and a free slot always ends one.
        if 2 * answers.count > serials.count { grow() }
        place(serial, at: index)
        return index
    }

    @usableFromInline
    mutating func place(_ serial: UInt, at index: Int) {
        let mask = serials.count - 1
        var slot = self.slot(for: serial)
        while serials[slot] != 0 { slot = (slot + 1) & mask }
        serials[slot] = serial
        indices[slot] = Int32(truncatingIfNeeded: index)
    }

    @usableFromInline
    mutating func grow() {
        let old = zip(serials, indices).filter { $0.0 != 0 }
        serials = Array(repeating: 0, count: 2 * serials.count)
        indices = Array(repeating: 0, count: serials.count)
        shift -= 1
        for (serial, index) in old { place(serial, at: Int(index)) }
    }
}
