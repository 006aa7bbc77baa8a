/// A fixed-capacity array of items in memory that its node allocates and frees itself.
///
/// Reading an item or the base address is a plain load: unlike a Swift array stored in a class, nothing is
/// retained to keep the storage alive across the read, which was a third of a rope walk's cost. The owner
/// (a `Rope.Node`) calls `free()` exactly once, from its `deinit`.
@usableFromInline
struct RopeSlots<Item> {
    @usableFromInline let base: UnsafeMutablePointer<Item>
    @usableFromInline var count: Int

    /// Empty slots with room for `capacity` items.
    init(capacity: Int) {
        base = .allocate(capacity: capacity)
        count = 0
    }

    /// Slots holding `items`, with room for `capacity` (at least `items.count`).
    init<C: Collection>(capacity: Int, _ items: C) where C.Element == Item {
        precondition(items.count <= capacity, "Rope node over capacity")
        base = .allocate(capacity: capacity)
        count = 0
        for item in items {
            (base + count).initialize(to: item)
            count += 1
        }
    }

    /// A copy of `other`'s items (each retained once more), with room for `capacity`.
    init(copying other: RopeSlots<Item>, capacity: Int) {
        base = .allocate(capacity: capacity)
        base.initialize(from: other.base, count: other.count)
        count = other.count
    }

    /// Releases the items and the memory.
    func free() {
        base.deinitialize(count: count)
        base.deallocate()
    }

    @inlinable
    subscript(i: Int) -> Item {
        unsafeAddress { UnsafePointer(base + i) }
        nonmutating unsafeMutableAddress { base + i }
    }

    @inlinable var indices: Range<Int> { 0..<count }
    @inlinable var isEmpty: Bool { count == 0 }

    /// The items as an array.
    var array: [Item] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The items in `range` as an array.
    func array(_ range: Range<Int>) -> [Item] { Array(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)) }

    mutating func insert(_ item: Item, at i: Int) {
        (base + i + 1).moveInitialize(from: base + i, count: count - i)
        (base + i).initialize(to: item)
        count += 1
    }

    @discardableResult
    mutating func remove(at i: Int) -> Item {
        let item = (base + i).move()
        (base + i).moveInitialize(from: base + i + 1, count: count - i - 1)
        count -= 1
        return item
    }

    /// Drops the items from `i` on.
    mutating func removeTail(from i: Int) {
        (base + i).deinitialize(count: count - i)
        count = i
    }

    /// Replaces every item with `items`.
    mutating func assign<C: Collection>(_ items: C) where C.Element == Item {
        base.deinitialize(count: count)
        count = 0
        for item in items {
            (base + count).initialize(to: item)
            count += 1
        }
    }

    mutating func append<C: Collection>(contentsOf items: C) where C.Element == Item {
        for item in items {
            (base + count).initialize(to: item)
            count += 1
        }
    }

    /// Replaces the items in `range` with `items`; the result must fit the capacity.
    mutating func replaceSubrange(_ range: Range<Int>, with items: [Item]) {
        (base + range.lowerBound).deinitialize(count: range.count)
        let tail = count - range.upperBound
        let newEnd = range.lowerBound + items.count
        (base + newEnd).moveInitialize(from: base + range.upperBound, count: tail)
        var k = range.lowerBound
        for item in items {
            (base + k).initialize(to: item)
            k += 1
        }
        count = newEnd + tail
    }
}
