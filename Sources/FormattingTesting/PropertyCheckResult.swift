/// What a property check found.
public enum PropertyCheckResult: Sendable, CustomStringConvertible {
    /// Every step of every script kept every invariant.
    case passed(PropertyCheckStats)
    /// A step broke an invariant. `seed` reproduces the script (run again with `scripts: 1` and that seed);
    /// `step` is the failing step's index in the original script; `shrunkScript` is the smallest script that
    /// still fails the same check; `report` is all of it, readable, with the shrunk script as JSON Lines.
    case failed(seed: UInt64, step: Int, failure: InvariantFailure, shrunkScript: [ScriptStep], report: String, stats: PropertyCheckStats)

    /// Whether every invariant held.
    public var passed: Bool { if case .passed = self { return true } else { return false } }

    /// The counts, whichever way it went.
    public var stats: PropertyCheckStats {
        switch self {
        case .passed(let stats): return stats
        case .failed(_, _, _, _, _, let stats): return stats
        }
    }

    /// The failure report, or a one-line summary of a pass.
    public var description: String {
        switch self {
        case .passed(let stats): return "passed: \(stats)"
        case .failed(_, _, _, _, let report, _): return report
        }
    }
}

/// Counts from a property check.
public struct PropertyCheckStats: Hashable, Sendable, CustomStringConvertible {
    /// Scripts generated.
    public var scriptsGenerated = 0
    /// Steps applied and checked.
    public var stepsChecked = 0
    /// Adjustments the steps reported (and the adjustment check compared).
    public var adjustmentsReported = 0
    /// Candidate scripts run while shrinking.
    public var shrinkAttempts = 0
    /// Candidates accepted while shrinking.
    public var shrinkSteps = 0
    /// Whether shrinking stopped at its attempt or time limit rather than because nothing smaller failed.
    public var shrinkStoppedEarly = false
    /// The failure as first found, before shrinking (nil for a pass): the shrunk script fails the same way.
    public var unshrunkFailure: InvariantFailure?
    /// What was generated (see `GenerationStatistics`).
    public var generation = GenerationStatistics()

    /// Empty counts.
    public init() {}

    public var description: String {
        "\(scriptsGenerated) scripts generated, \(stepsChecked) steps checked, \(adjustmentsReported) adjustments compared"
            + (shrinkAttempts > 0 ? ", \(shrinkSteps) shrink steps in \(shrinkAttempts) attempts" : "")
            + (shrinkStoppedEarly ? " (stopped at the shrinking limit)" : "")
    }
}
