// `transformingAttributes`, as Foundation's `AttributedString` has it: the runs of one to five keys are handed to
// a closure, one run at a time, and whatever the closure changed (value, range, or the key itself) is written into
// a copy. Every write goes through the behaviour pipeline, so paragraph and character boundaries, invalidation
// and the rest hold in the result as after any other attribute change.
//
// The arities differ only in how many typed transformers they build; they share one apply step over untyped
// outcomes (`AttributeTransformation`). The `RichString` forms are the whole string's slice.

/// One key of one run, as it was and as the closure of `transformingAttributes` left it.
struct AttributeTransformation {
    /// A key's value over a range, without the key's Swift type.
    struct Outcome: Equatable {
        var range: Range<RichString.Index>
        var key: AttributeKeyDescriptor
        var value: AttributeValue?

        static func == (lhs: Outcome, rhs: Outcome) -> Bool {
            lhs.range == rhs.range && lhs.key.name == rhs.key.name && lhs.value == rhs.value
        }
    }

    let original: Outcome
    let changed: Outcome

    /// Whether the value left its original place, by a new range or a new key: the original key is then removed
    /// from the original range before anything is set.
    var leavesOriginalPlace: Bool {
        original.range != changed.range || original.key.name != changed.key.name
    }
}

extension RichString {
    /// The apply step every `transformingAttributes` shares, as Foundation orders it: run by run over the runs of
    /// `keys` in `bounds` (as this string has them, untouched by earlier writes), first remove each key that moved
    /// or was replaced from its old range, then write each changed outcome over its new range. A nil value removes
    /// the original key there.
    ///
    /// - Returns: The string of `bounds` (this string itself when they cover it) with the writes applied.
    func transformingAttributes(
        of keys: [AttributeKeyDescriptor],
        within bounds: Range<Index>,
        _ transformRun: (Range<Index>, [AttributeValue?]) -> [AttributeTransformation.Outcome]
    ) -> RichString {
        let sliceOffsets = offsets(of: bounds)
        var result = sliceOffsets == 0..<text.utf8Count ? self : RichString(self[bounds])

        /// A range of this string's indices as offsets in `result`, rounded down to scalars as every write is.
        func offsetsInResult(_ range: Range<Index>) -> Range<Int> {
            let lower = offset(of: roundedDownToScalar(range.lowerBound))
            let upper = offset(of: roundedDownToScalar(range.upperBound))
            precondition(
                sliceOffsets.lowerBound <= lower && upper <= sliceOffsets.upperBound,
                "transformingAttributes: the range \(range) lies outside the transformed text")
            return (lower - sliceOffsets.lowerBound)..<(upper - sliceOffsets.lowerBound)
        }

        for run in RichRunsView(base: self, bounds: bounds)[keys] {
            let originals = zip(keys, run.values).map { AttributeTransformation.Outcome(range: run.range, key: $0, value: $1) }
            let changes = zip(originals, transformRun(run.range, run.values)).map {
                AttributeTransformation(original: $0, changed: $1)
            }
            for change in changes where change.leavesOriginalPlace {
                result.setAttribute(change.original.key, to: nil, in: [offsetsInResult(change.original.range)])
            }
            for change in changes where change.changed != change.original {
                let target = offsetsInResult(change.changed.range)
                if let value = change.changed.value {
                    result.setAttribute(change.changed.key, to: value, in: [target])
                } else {
                    result.setAttribute(change.original.key, to: nil, in: [target])
                }
            }
        }
        return result
    }
}

// MARK: - The string and its slices

extension RichStringProtocol {
    /// The shared apply step over this text's own bounds: the whole string, or the slice.
    func transformingRuns(
        of keys: [AttributeKeyDescriptor],
        _ transformRun: (Range<RichString.Index>, [AttributeValue?]) -> [AttributeTransformation.Outcome]
    ) -> RichString {
        let whole = self[startIndex..<endIndex]
        return whole.base.transformingAttributes(of: keys, within: whole.bounds, transformRun)
    }

    /// A copy in which `transform` has changed the runs of `K`, as Foundation's `transformingAttributes(_:_:)`.
    ///
    /// `transform` sees each run of `K` (absent stretches too, with a nil value) and may change its value, move it
    /// by changing its range, or put another key in its place. The runs are this text's, whatever earlier runs
    /// changed in the copy. Key behaviours hold in the result: a paragraph-bound value set on part of a paragraph
    /// covers all of it, a dependent key is removed where its key really changed.
    ///
    /// On a slice (Foundation has the method on `AttributedString` only), the runs handed to `transform` are the
    /// slice's, with indices of the sliced string, as `runs` gives them; a changed range must stay within the
    /// slice. The result is a string of the slice's text, as `RichString(slice)`.
    public func transformingAttributes<K: RichAttributeKey>(
        _ key: K.Type,
        _ transform: (inout RichString.SingleAttributeTransformer<K>) -> Void
    ) -> RichString {
        transformingRuns(of: [K.descriptor]) { range, values in
            var first = RichString.SingleAttributeTransformer<K>(range: range, value: values[0])
            transform(&first)
            return [first.outcome]
        }
    }

    /// A copy in which `transform` has changed the runs of two keys together (the runs break where either
    /// changes); see `transformingAttributes(_:_:)`.
    public func transformingAttributes<K1: RichAttributeKey, K2: RichAttributeKey>(
        _ key1: K1.Type, _ key2: K2.Type,
        _ transform: (inout RichString.SingleAttributeTransformer<K1>, inout RichString.SingleAttributeTransformer<K2>) -> Void
    ) -> RichString {
        transformingRuns(of: [K1.descriptor, K2.descriptor]) { range, values in
            var first = RichString.SingleAttributeTransformer<K1>(range: range, value: values[0])
            var second = RichString.SingleAttributeTransformer<K2>(range: range, value: values[1])
            transform(&first, &second)
            return [first.outcome, second.outcome]
        }
    }

    /// The three-key `transformingAttributes`; see `transformingAttributes(_:_:)`.
    public func transformingAttributes<K1: RichAttributeKey, K2: RichAttributeKey, K3: RichAttributeKey>(
        _ key1: K1.Type, _ key2: K2.Type, _ key3: K3.Type,
        _ transform: (inout RichString.SingleAttributeTransformer<K1>, inout RichString.SingleAttributeTransformer<K2>,
                      inout RichString.SingleAttributeTransformer<K3>) -> Void
    ) -> RichString {
        transformingRuns(of: [K1.descriptor, K2.descriptor, K3.descriptor]) { range, values in
            var first = RichString.SingleAttributeTransformer<K1>(range: range, value: values[0])
            var second = RichString.SingleAttributeTransformer<K2>(range: range, value: values[1])
            var third = RichString.SingleAttributeTransformer<K3>(range: range, value: values[2])
            transform(&first, &second, &third)
            return [first.outcome, second.outcome, third.outcome]
        }
    }

    /// The four-key `transformingAttributes`; see `transformingAttributes(_:_:)`.
    public func transformingAttributes<K1: RichAttributeKey, K2: RichAttributeKey, K3: RichAttributeKey, K4: RichAttributeKey>(
        _ key1: K1.Type, _ key2: K2.Type, _ key3: K3.Type, _ key4: K4.Type,
        _ transform: (inout RichString.SingleAttributeTransformer<K1>, inout RichString.SingleAttributeTransformer<K2>,
                      inout RichString.SingleAttributeTransformer<K3>, inout RichString.SingleAttributeTransformer<K4>) -> Void
    ) -> RichString {
        transformingRuns(of: [K1.descriptor, K2.descriptor, K3.descriptor, K4.descriptor]) { range, values in
            var first = RichString.SingleAttributeTransformer<K1>(range: range, value: values[0])
            var second = RichString.SingleAttributeTransformer<K2>(range: range, value: values[1])
            var third = RichString.SingleAttributeTransformer<K3>(range: range, value: values[2])
            var fourth = RichString.SingleAttributeTransformer<K4>(range: range, value: values[3])
            transform(&first, &second, &third, &fourth)
            return [first.outcome, second.outcome, third.outcome, fourth.outcome]
        }
    }

    /// The five-key `transformingAttributes`; see `transformingAttributes(_:_:)`.
    public func transformingAttributes<K1: RichAttributeKey, K2: RichAttributeKey, K3: RichAttributeKey, K4: RichAttributeKey, K5: RichAttributeKey>(
        _ key1: K1.Type, _ key2: K2.Type, _ key3: K3.Type, _ key4: K4.Type, _ key5: K5.Type,
        _ transform: (inout RichString.SingleAttributeTransformer<K1>, inout RichString.SingleAttributeTransformer<K2>,
                      inout RichString.SingleAttributeTransformer<K3>, inout RichString.SingleAttributeTransformer<K4>,
                      inout RichString.SingleAttributeTransformer<K5>) -> Void
    ) -> RichString {
        let keys = [K1.descriptor, K2.descriptor, K3.descriptor, K4.descriptor, K5.descriptor]
        return transformingRuns(of: keys) { range, values in
            var first = RichString.SingleAttributeTransformer<K1>(range: range, value: values[0])
            var second = RichString.SingleAttributeTransformer<K2>(range: range, value: values[1])
            var third = RichString.SingleAttributeTransformer<K3>(range: range, value: values[2])
            var fourth = RichString.SingleAttributeTransformer<K4>(range: range, value: values[3])
            var fifth = RichString.SingleAttributeTransformer<K5>(range: range, value: values[4])
            transform(&first, &second, &third, &fourth, &fifth)
            return [first.outcome, second.outcome, third.outcome, fourth.outcome, fifth.outcome]
        }
    }

    /// `transformingAttributes(_:_:)` for a key registered on `AttributeKeys`.
    public func transformingAttributes<K: RichAttributeKey>(
        _ key: KeyPath<AttributeKeys, K.Type>,
        _ transform: (inout RichString.SingleAttributeTransformer<K>) -> Void
    ) -> RichString {
        transformingAttributes(K.self, transform)
    }

    /// The two-key `transformingAttributes` for keys registered on `AttributeKeys`.
    public func transformingAttributes<K1: RichAttributeKey, K2: RichAttributeKey>(
        _ key1: KeyPath<AttributeKeys, K1.Type>, _ key2: KeyPath<AttributeKeys, K2.Type>,
        _ transform: (inout RichString.SingleAttributeTransformer<K1>, inout RichString.SingleAttributeTransformer<K2>) -> Void
    ) -> RichString {
        transformingAttributes(K1.self, K2.self, transform)
    }

    /// The three-key `transformingAttributes` for keys registered on `AttributeKeys`.
    public func transformingAttributes<K1: RichAttributeKey, K2: RichAttributeKey, K3: RichAttributeKey>(
        _ key1: KeyPath<AttributeKeys, K1.Type>, _ key2: KeyPath<AttributeKeys, K2.Type>,
        _ key3: KeyPath<AttributeKeys, K3.Type>,
        _ transform: (inout RichString.SingleAttributeTransformer<K1>, inout RichString.SingleAttributeTransformer<K2>,
                      inout RichString.SingleAttributeTransformer<K3>) -> Void
    ) -> RichString {
        transformingAttributes(K1.self, K2.self, K3.self, transform)
    }

    /// The four-key `transformingAttributes` for keys registered on `AttributeKeys`.
    public func transformingAttributes<K1: RichAttributeKey, K2: RichAttributeKey, K3: RichAttributeKey, K4: RichAttributeKey>(
        _ key1: KeyPath<AttributeKeys, K1.Type>, _ key2: KeyPath<AttributeKeys, K2.Type>,
        _ key3: KeyPath<AttributeKeys, K3.Type>, _ key4: KeyPath<AttributeKeys, K4.Type>,
        _ transform: (inout RichString.SingleAttributeTransformer<K1>, inout RichString.SingleAttributeTransformer<K2>,
                      inout RichString.SingleAttributeTransformer<K3>, inout RichString.SingleAttributeTransformer<K4>) -> Void
    ) -> RichString {
        transformingAttributes(K1.self, K2.self, K3.self, K4.self, transform)
    }

    /// The five-key `transformingAttributes` for keys registered on `AttributeKeys`.
    public func transformingAttributes<K1: RichAttributeKey, K2: RichAttributeKey, K3: RichAttributeKey, K4: RichAttributeKey, K5: RichAttributeKey>(
        _ key1: KeyPath<AttributeKeys, K1.Type>, _ key2: KeyPath<AttributeKeys, K2.Type>,
        _ key3: KeyPath<AttributeKeys, K3.Type>, _ key4: KeyPath<AttributeKeys, K4.Type>,
        _ key5: KeyPath<AttributeKeys, K5.Type>,
        _ transform: (inout RichString.SingleAttributeTransformer<K1>, inout RichString.SingleAttributeTransformer<K2>,
                      inout RichString.SingleAttributeTransformer<K3>, inout RichString.SingleAttributeTransformer<K4>,
                      inout RichString.SingleAttributeTransformer<K5>) -> Void
    ) -> RichString {
        transformingAttributes(K1.self, K2.self, K3.self, K4.self, K5.self, transform)
    }
}
