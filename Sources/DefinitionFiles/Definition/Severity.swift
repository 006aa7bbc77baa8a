/// How serious a finding is. Errors fail a run; warnings are reported and, unless a limit says otherwise, do not.
public enum Severity: String, Hashable, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    /// Fails the run.
    case error
    /// Reported, but does not fail the run by itself.
    case warning

    public var description: String { rawValue }

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .warning && rhs == .error
    }
}
