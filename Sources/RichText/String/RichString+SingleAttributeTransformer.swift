extension RichString {
    /// One key's run as `transformingAttributes` hands it to its closure: change `value` or `range`, or put
    /// another key in its place with `replace(with:value:)`, as Foundation's
    /// `AttributedString.SingleAttributeTransformer`.
    ///
    /// ```swift
    /// let bolder = text.transformingAttributes(Weight.self) { run in
    ///     if let weight = run.value { run.value = weight + 100 }
    /// }
    /// ```
    public struct SingleAttributeTransformer<K: RichAttributeKey>: Sendable {
        /// Where the key's value stands. Set it to move the value: the key is removed from the old range and the
        /// value set over the new one.
        public var range: Range<RichString.Index>

        /// The key the value belongs to: `K` until `replace(with:value:)` names another.
        var key: AttributeKeyDescriptor

        /// The value in storage form, whichever key it belongs to.
        var storedValue: AttributeValue?

        init(range: Range<RichString.Index>, value: AttributeValue?) {
            self.range = range
            self.key = K.descriptor
            self.storedValue = value
        }

        /// The key's value over `range`; nil where the key is absent. Setting nil removes the key there.
        public var value: K.Value? {
            get { storedValue.flatMap { K.Value(attributeValue: $0) } }
            set { storedValue = newValue?.attributeValue }
        }

        /// Puts `key` with `value` in place of this run's key: the original key is removed from the run and
        /// `key` set over `range`.
        public mutating func replace<U: RichAttributeKey>(with key: U.Type, value: U.Value) {
            self.key = U.descriptor
            storedValue = value.attributeValue
        }

        /// `replace(with:value:)` for a key registered on `AttributeKeys`: `run.replace(with: \.weight, value: 700)`.
        public mutating func replace<U: RichAttributeKey>(with keyPath: KeyPath<AttributeKeys, U.Type>, value: U.Value) {
            replace(with: AttributeKeys()[keyPath: keyPath], value: value)
        }

        /// What the closure left, without the key's Swift type, for the shared apply step.
        var outcome: AttributeTransformation.Outcome {
            AttributeTransformation.Outcome(range: range, key: key, value: storedValue)
        }
    }
}
