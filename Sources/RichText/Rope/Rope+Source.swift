/// The elements a splice puts into the tree, and whether it copies them or takes them over.
///
/// A copy retains whatever an element references; taking an element over moves it as it is, leaving its slot in
/// the source uninitialized. A caller that builds its new elements in a buffer of its own (the run rope builds
/// its pieces on the stack) hands them over, so an element that references a counted object (an attribute set)
/// costs no retain to go in and no release for the buffer's copy: one reference, moved.
struct RopeSource<Element: RopeElement> {
    /// The first element (nil when there are none).
    let base: UnsafeMutablePointer<Element>?
    /// The number of elements.
    let count: Int
    /// Whether the elements are moved out rather than copied.
    let isTakenOver: Bool

    /// Elements to copy.
    init(copying elements: UnsafeBufferPointer<Element>) {
        base = UnsafeMutablePointer(mutating: elements.baseAddress)
        count = elements.count
        isTakenOver = false
    }

    /// Elements to move out; each is left uninitialized once the splice has put it in place.
    init(takingOver elements: UnsafeMutableBufferPointer<Element>) {
        base = elements.baseAddress
        count = elements.count
        isTakenOver = true
    }

    private init(base: UnsafeMutablePointer<Element>?, count: Int, isTakenOver: Bool) {
        self.base = base
        self.count = count
        self.isTakenOver = isTakenOver
    }

    /// No elements.
    static var none: RopeSource { RopeSource(base: nil, count: 0, isTakenOver: false) }

    /// The elements from `k` on.
    func dropFirst(_ k: Int) -> RopeSource {
        RopeSource(base: base.map { $0 + k }, count: count - k, isTakenOver: isTakenOver)
    }

    /// Element `k`, to read (its summary, say) before it is put in place.
    @inline(__always)
    subscript(k: Int) -> Element {
        unsafeAddress { UnsafePointer(base.unsafelyUnwrapped + k) }
    }

    /// Puts all the elements into the uninitialized memory at `target`.
    @inline(__always)
    func putAll(into target: UnsafeMutablePointer<Element>) {
        guard count > 0 else { return }
        if isTakenOver {
            target.moveInitialize(from: base.unsafelyUnwrapped, count: count)
        } else {
            target.initialize(from: base.unsafelyUnwrapped, count: count)
            Element.ropeDidCopy(target, count: count)
        }
    }

    /// Puts element `k` over the initialized element at `target`, which is given back.
    @inline(__always)
    func assign(_ k: Int, over target: UnsafeMutablePointer<Element>) {
        Element.ropeWillDrop(target, count: 1)
        if isTakenOver {
            target.pointee = (base.unsafelyUnwrapped + k).move()
        } else {
            target.pointee = base.unsafelyUnwrapped[k]
            Element.ropeDidCopy(target, count: 1)
        }
    }
}
