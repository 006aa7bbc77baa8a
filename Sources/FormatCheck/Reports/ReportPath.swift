/// The file a finding's position counts in: the document's path, or the file inside a package that holds its
/// text (`Recipe.rtfd/TXT.rtf`), so that a report's `path:line:col` opens on the spot.
enum ReportPath {
    /// `path`, or `path/member` for a position inside a package.
    static func artifact(_ path: String, member: String?) -> String {
        guard let member else { return path }
        return path.hasSuffix("/") ? path + member : path + "/" + member
    }
}
