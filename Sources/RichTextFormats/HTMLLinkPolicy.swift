/// Which link targets the HTML writer emits as `href`: `http`, `https` and `mailto` URLs, and relative
/// references to the same host. Anything with another scheme (`javascript:`, `data:`, `vbscript:`, `file:`) is
/// left out, and the text is written without a link; so is a scheme-relative reference (`//host/x`, and what a
/// browser reads as one: `\\host\x`, `/\host`), which goes to another host with whatever scheme the page has —
/// `file:` for a page opened from disk, where `\\host` is a network share.
public enum HTMLLinkPolicy {
    /// The schemes that may appear in an `href`.
    public static let allowedSchemes: Set<String> = ["http", "https", "mailto"]

    /// The href to write for `target`, or nil when it must not be a link.
    ///
    /// Browsers drop tabs and line breaks anywhere in a URL and trim controls and spaces at its ends before
    /// finding the scheme (`java\tscript:` is `javascript:`), so the check runs on the string a browser would
    /// see. Anything before the first `:` that comes before any `/` or `?` counts as a scheme, even when it is
    /// not a well-formed one (`&#106;avascript:`, `#x:y`): what is not plainly allowed is refused.
    public static func href(for target: String) -> String? {
        var scalars = String.UnicodeScalarView(target.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" })
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
        let cleaned = String(scalars)
        guard !cleaned.isEmpty else { return nil }
        // Browsers read `\` as `/` in http, https and file URLs: two of them first name a host.
        let start = cleaned.unicodeScalars.prefix(2)
        if start.count == 2 && start.allSatisfy({ $0 == "/" || $0 == "\\" }) { return nil }
        for scalar in cleaned.unicodeScalars {
            switch scalar {
            case "/", "?":
                return cleaned
            case ":":
                let scheme = String(cleaned.unicodeScalars.prefix { $0 != ":" }).lowercased()
                return allowedSchemes.contains(scheme) ? cleaned : nil
            default:
                continue
            }
        }
        return cleaned
    }
}
