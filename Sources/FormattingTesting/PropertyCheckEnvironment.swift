import Foundation

/// What the environment asks of a property check: one case to rerun, and where saved failures live.
///
/// - `FMTCHECK_SEED=S` runs only the script with seed `S` (with `FMTCHECK_STEPS=N` steps, when set), as the
///   rerun advice of a failure says.
/// - `FMTCHECK_REPLAY=FILE` runs only the edit script in FILE (JSON Lines, as a failure prints it).
/// - `FMTCHECK_FAILURES=DIR` is the saved-failures folder; `off` turns it off. By default it is
///   `.fmtcheck/failures` under the current directory (the package root under `swift test`).
/// - `FMTCHECK_STATISTICS=1` prints what each run generated (`GenerationStatistics`) on standard error.
public struct PropertyCheckEnvironment: Sendable {
    /// `FMTCHECK_SEED`.
    public var seed: UInt64?
    /// `FMTCHECK_STEPS`, used with `seed`.
    public var steps: Int?
    /// `FMTCHECK_REPLAY`.
    public var replay: URL?
    /// The saved-failures folder, or nil when turned off.
    public var failuresFolder: URL?
    /// `FMTCHECK_STATISTICS=1`.
    public var printsStatistics = false

    /// The default saved-failures folder: `.fmtcheck/failures` under the current directory.
    public static var defaultFailuresFolder: URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".fmtcheck/failures")
    }

    /// An environment.
    public init(seed: UInt64? = nil, steps: Int? = nil, replay: URL? = nil, failuresFolder: URL? = nil) {
        self.seed = seed
        self.steps = steps
        self.replay = replay
        self.failuresFolder = failuresFolder
    }

    /// This process's environment.
    public static var current: PropertyCheckEnvironment { PropertyCheckEnvironment(variables: ProcessInfo.processInfo.environment) }

    /// The environment `variables` describe.
    public init(variables: [String: String]) {
        seed = variables["FMTCHECK_SEED"].flatMap { UInt64($0) }
        steps = variables["FMTCHECK_STEPS"].flatMap { Int($0) }
        replay = variables["FMTCHECK_REPLAY"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        printsStatistics = variables["FMTCHECK_STATISTICS"] == "1"
        switch variables["FMTCHECK_FAILURES"] {
        case "off"?, "0"?: failuresFolder = nil
        case let path? where !path.isEmpty: failuresFolder = URL(fileURLWithPath: path)
        default: failuresFolder = PropertyCheckEnvironment.defaultFailuresFolder
        }
    }
}
