import Foundation

/// How much a property check does: scripts, and steps per script.
public struct PropertyCheckBudget: Hashable, Sendable {
    /// How many scripts to generate (each with its own seed).
    public var scripts: Int
    /// How many steps each script has.
    public var steps: Int

    /// A budget.
    public init(scripts: Int, steps: Int) {
        self.scripts = scripts
        self.steps = steps
    }

    /// A few seconds: what CI runs.
    public static let standard = PropertyCheckBudget(scripts: 40, steps: 60)
    /// Minutes: what `FMTCHECK_LONG=1` runs.
    public static let long = PropertyCheckBudget(scripts: 1500, steps: 150)

    /// `base`, or `long` when the environment sets `FMTCHECK_LONG=1`; `FMTCHECK_SCRIPTS` and `FMTCHECK_STEPS`
    /// override either count.
    public static func fromEnvironment(_ base: PropertyCheckBudget = .standard) -> PropertyCheckBudget {
        let environment = ProcessInfo.processInfo.environment
        var budget = environment["FMTCHECK_LONG"] == "1" ? long : base
        if let scripts = environment["FMTCHECK_SCRIPTS"].flatMap(Int.init) { budget.scripts = scripts }
        if let steps = environment["FMTCHECK_STEPS"].flatMap(Int.init) { budget.steps = steps }
        return budget
    }
}
