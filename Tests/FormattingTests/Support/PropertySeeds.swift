import Foundation

/// The seeds a property test runs: `FMTCHECK_PROPERTY_ITERATIONS` of them (else `iterations`), from
/// `FMTCHECK_SEED` on (else from 1), so that a failing seed can be rerun alone.
func propertySeeds(default iterations: Int) -> Range<UInt64> {
    let env = ProcessInfo.processInfo.environment
    let count = Int(env["FMTCHECK_PROPERTY_ITERATIONS"] ?? "") ?? iterations
    let first = UInt64(env["FMTCHECK_SEED"] ?? "") ?? 1
    return first..<(first + UInt64(count))
}
