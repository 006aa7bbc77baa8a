/// `fmtcheck`'s exit codes, in the linters' convention.
public enum ExitCode: Int32, Hashable, Sendable {
    /// Clean.
    case success = 0
    /// Violations found (linting).
    case violations = 1
    /// A usage, definition or input error.
    case failure = 2
}
