extension AttributeSet {
    /// What setting one key to a value (or, with nil, removing it) does to the set of each run it covers, with the
    /// key and the value resolved once: `setAttribute` applies it to every run of its range, and the engine to the
    /// runs it reads before writing its own rewrites with the change.
    package struct KeyChange {
        private let name: String
        private let entry: ResolvedEntry?

        /// The change that sets `key` to `value`; nil removes the key.
        package init(setting key: AttributeKeyDescriptor, to value: AttributeValue?) {
            name = key.name
            entry = value.map { ResolvedEntry(key, $0) }
        }

        /// `set` with the change made.
        @inline(__always)
        package func callAsFunction(_ set: AttributeSet) -> AttributeSet {
            if let entry { return set.setting(entry) }
            return set.removing(name)
        }

        /// Calls `body` with the change as a function made for setting or for removing, decided once: a walk
        /// over many runs then makes no choice per run.
        @inline(__always)
        func withTransform<R>(_ body: ((AttributeSet) -> AttributeSet) -> R) -> R {
            if let entry { return body { $0.setting(entry) } }
            let name = self.name
            return body { $0.removing(name) }
        }
    }
}
