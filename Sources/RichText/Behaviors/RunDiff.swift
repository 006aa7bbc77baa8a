/// One key's change over a stretch of text: what an attribute mutation did, key by key.
struct KeyChange: Hashable, Sendable {
    var key: String
    var range: Range<Int>
    var oldValue: AttributeValue?
    var newValue: AttributeValue?
    /// The behaviour the key carries after (or, when removed, before) the change.
    var behavior: AttributeBehavior
}

/// Compares runs before and after a mutation over the same text, starting at `start`, and lists every key whose
/// value differs, merging neighbouring pieces of the same change.
func keyChanges(from old: [AttributeRun], to new: [AttributeRun], start: Int) -> [KeyChange] {
    var changes: [KeyChange] = []
    var i = 0, j = 0
    var oldLeft = old.first?.utf8Count ?? 0
    var newLeft = new.first?.utf8Count ?? 0
    var position = start
    while i < old.count && j < new.count {
        let step = min(oldLeft, newLeft)
        let before = old[i].attributes
        let after = new[j].attributes
        if before != after {
            // Entries are sorted by name: walk both lists together.
            let a = before.entries, b = after.entries
            var x = 0, y = 0
            while x < a.count || y < b.count {
                let name: String
                let old: AttributeEntry?, new: AttributeEntry?
                if y == b.count || (x < a.count && a[x].name < b[y].name) {
                    name = a[x].name; old = a[x]; new = nil; x += 1
                } else if x == a.count || b[y].name < a[x].name {
                    name = b[y].name; old = nil; new = b[y]; y += 1
                } else {
                    name = a[x].name; old = a[x]; new = b[y]; x += 1; y += 1
                }
                guard old?.value != new?.value else { continue }
                let behavior = new?.behavior ?? old!.behavior
                let range = position..<(position + step)
                if let last = changes.lastIndex(where: { $0.key == name }), changes[last].range.upperBound == position,
                   changes[last].oldValue == old?.value, changes[last].newValue == new?.value {
                    changes[last].range = changes[last].range.lowerBound..<range.upperBound
                } else {
                    changes.append(KeyChange(key: name, range: range, oldValue: old?.value, newValue: new?.value, behavior: behavior))
                }
            }
        }
        position += step
        oldLeft -= step
        newLeft -= step
        if oldLeft == 0 { i += 1; oldLeft = i < old.count ? old[i].utf8Count : 0 }
        if newLeft == 0 { j += 1; newLeft = j < new.count ? new[j].utf8Count : 0 }
    }
    return changes
}
