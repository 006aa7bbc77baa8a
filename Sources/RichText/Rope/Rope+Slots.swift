/// A view of a node's items of one kind: where they start and how many there are.
///
/// Reading an item or the base address is a plain load: unlike a Swift array stored in a class, nothing is
/// retained to keep the storage alive across the read. The node that owns the memory must outlive the view.
@usableFromInline
struct RopeSlots<Item> {
    @usableFromInline let base: UnsafeMutablePointer<Item>
    @usableFromInline let count: Int

    @inlinable init(base: UnsafeMutablePointer<Item>, count: Int) {
        self.base = base
        self.count = count
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
}
