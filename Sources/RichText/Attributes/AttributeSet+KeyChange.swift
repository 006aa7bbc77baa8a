extension AttributeSet {
    /// What setting one key to a value (or, with nil, removing it) does to the set of each run it covers, with the
    /// key and the value resolved once: `setAttribute` applies it to every run of its range, and the engine to the
    /// runs it reads before writing its own rewrites with the change.
    ///
    /// The resolved key and value are plain words, kept apart from the box that keeps a boxed value alive, so that
    /// copying the change (into each closure that applies it) copies words and retains one box at most.
    package struct KeyChange {
        private let name: String
        /// The key to put in, or nil to remove `name`.
        private let key: UnsafePointer<KeyRecord>?
        /// The value to put in, encoded.
        private let value: StoredValue
        /// The box of a boxed value, held while the change is alive.
        private let box: ValueBox?

        /// The change that sets `key` to `value`; nil removes the key.
        package init(setting key: AttributeKeyDescriptor, to value: AttributeValue?) {
            name = key.name
            if let value {
                self.key = AttributeRegistry.key(key.name, key.behavior)
                (self.value, box) = NewValue(value).stored
            } else {
                self.key = nil
                self.value = StoredValue(kind: 0, payload: 0)
                box = nil
            }
        }

        /// `set` with the change made.
        @inline(__always)
        package func callAsFunction(_ set: AttributeSet) -> AttributeSet {
            withExtendedLifetime(box) {
                if let key { return set.setting(key, .encoded(value)) }
                return set.removing(name)
            }
        }

        /// Calls `body` with the change as a function made for setting or for removing, decided once: a walk
        /// over many runs then makes no choice per run.
        @inline(__always)
        func withTransform<R>(_ body: ((AttributeSet) -> AttributeSet) -> R) -> R {
            withExtendedLifetime(box) {
                if let key {
                    let value = self.value
                    return body { $0.setting(key, .encoded(value)) }
                }
                let name = self.name
                return body { $0.removing(name) }
            }
        }
    }
}
