/// The tool's version, as `fmtcheck --version` prints it.
public enum FormatCheckVersion {
    /// The current version.
    public static let current = "0.1.0"
}
