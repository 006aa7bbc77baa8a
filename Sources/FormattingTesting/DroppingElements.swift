/// `items` with elements dropped one at a time while `fails` still holds for what is left: each pass tries every
/// element, first to last, and passes repeat until no single drop keeps the failure (a one-minimal list, in
/// delta debugging's terms).
///
/// For shrinking what a generator of your own makes, such as the pieces of a document or the steps of another
/// format. `Shrinker` does this and more for edit scripts.
public func droppingElements<Element>(of items: [Element], whileFailing fails: ([Element]) -> Bool) -> [Element] {
    var current = items
    var changed = true
    while changed {
        changed = false
        var i = 0
        while i < current.count {
            var candidate = current
            candidate.remove(at: i)
            if fails(candidate) {
                current = candidate
                changed = true
            } else {
                i += 1
            }
        }
    }
    return current
}
