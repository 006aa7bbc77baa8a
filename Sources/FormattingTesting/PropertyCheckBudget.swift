import Foundation

/// How much a property check does: scripts, steps per script, and how long generating and shrinking may take.
public struct PropertyCheckBudget: Hashable, Sendable {
    /// How many scripts to generate (each with its own seed).
    public var scripts: Int
    /// How many steps each script has.
    public var steps: Int
    /// How long to go on generating scripts; the run stops after the script in progress when the time is up
    /// (nil: no limit but `scripts`). A run that stops early says so in its statistics.
    public var timeLimit: Duration?
    /// How long shrinking a failure may take before it stops with the smallest script so far (nil: no limit but
    /// the shrinker's attempts).
    public var shrinkTimeLimit: Duration?

    /// A budget.
    public init(scripts: Int, steps: Int, timeLimit: Duration? = nil, shrinkTimeLimit: Duration? = nil) {
        self.scripts = scripts
        self.steps = steps
        self.timeLimit = timeLimit
        self.shrinkTimeLimit = shrinkTimeLimit
    }

    /// A few seconds: what CI runs.
    public static let standard = PropertyCheckBudget(scripts: 40, steps: 60, shrinkTimeLimit: .seconds(30))
    /// Minutes: what `FMTCHECK_LONG=1` runs.
    public static let long = PropertyCheckBudget(scripts: 1500, steps: 150, shrinkTimeLimit: .seconds(120))

    /// `base`, or `long` when the environment sets `FMTCHECK_LONG=1`; `FMTCHECK_SCRIPTS` and `FMTCHECK_STEPS`
    /// override either count, `FMTCHECK_SECONDS` and `FMTCHECK_SHRINK_SECONDS` the time limits.
    public static func fromEnvironment(_ base: PropertyCheckBudget = .standard) -> PropertyCheckBudget {
        let environment = ProcessInfo.processInfo.environment
        var budget = environment["FMTCHECK_LONG"] == "1" ? long : base
        if let scripts = environment["FMTCHECK_SCRIPTS"].flatMap(Int.init) { budget.scripts = scripts }
        if let steps = environment["FMTCHECK_STEPS"].flatMap(Int.init) { budget.steps = steps }
        if let seconds = environment["FMTCHECK_SECONDS"].flatMap(Double.init) { budget.timeLimit = .milliseconds(Int(seconds * 1000)) }
        if let seconds = environment["FMTCHECK_SHRINK_SECONDS"].flatMap(Double.init) { budget.shrinkTimeLimit = .milliseconds(Int(seconds * 1000)) }
        return budget
    }
}
