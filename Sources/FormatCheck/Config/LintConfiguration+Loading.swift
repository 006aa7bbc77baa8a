import Formatting
import Foundation
import StreamingJSON

extension LintConfiguration {
    /// The members a configuration file may set.
    static let memberNames = ["$schema", "definition", "select", "ignore", "format", "maxWarnings", "maxFileSize", "root",
                              "exclude", "extendExclude", "respectGitignore", "forceExclude", "perFileIgnores", "severities"]

    /// Reads one configuration file; `definition` is resolved against the file's folder.
    public static func load(path: String) throws(ConfigurationError) -> LintConfiguration {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(fileName: path, message: "the file cannot be read")
        }
        return try parse(bytes: [UInt8](data), path: path)
    }

    /// Parses a configuration file's bytes.
    public static func parse(bytes: [UInt8], path: String) throws(ConfigurationError) -> LintConfiguration {
        let root = try ConfigurationError.parseJSON(bytes, path: path, category: "config", maxDepth: 16)
        guard case .object(let members) = root.kind else {
            throw ConfigurationError(fileName: path, location: root.location, message: "a configuration is a JSON object")
        }
        var config = LintConfiguration(sources: [path])
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        for member in members {
            let value = member.value
            func fail(_ expected: String) -> ConfigurationError {
                ConfigurationError(fileName: path, location: value.location, message: "\"\(member.key)\" must be \(expected)")
            }
            switch member.key {
            case "$schema":
                continue
            case "definition":
                guard case .string(let s) = value.value, !s.isEmpty else { throw fail("a path to a definition file") }
                config.definition = s.hasPrefix("/") ? s : folder.appendingPathComponent(s).standardizedFileURL.path
            case "select", "ignore":
                guard case .array(let items) = value.value else { throw fail("an array of rule ids") }
                var names: [String] = []
                for item in items {
                    guard case .string(let s) = item else { throw fail("an array of rule ids (strings)") }
                    names.append(s)
                }
                if member.key == "select" { config.select = names } else { config.ignore = names }
            case "format":
                guard case .string(let s) = value.value, let format = ReportFormat(rawValue: s) else {
                    throw fail("one of " + ReportFormat.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
                }
                config.format = format
            case "maxWarnings":
                guard case .integer(let n) = value.value, n >= -1 else { throw fail("a whole number, -1 for no limit") }
                config.maxWarnings = n
            case "maxFileSize":
                guard case .integer(let n) = value.value, n > 0 else { throw fail("a positive number of bytes") }
                config.maxFileSize = n
            case "root", "respectGitignore", "forceExclude":
                guard case .bool(let b) = value.value else { throw fail("true or false") }
                switch member.key {
                case "root": config.root = b
                case "respectGitignore": config.respectGitignore = b
                default: config.forceExclude = b
                }
            case "exclude", "extendExclude":
                guard case .array(let items) = value.kind else { throw fail("an array of gitignore-style patterns") }
                var patterns: [PathPattern] = []
                for item in items {
                    guard case .string(let text) = item.kind else {
                        throw ConfigurationError(fileName: path, location: item.location, message: "\"\(member.key)\" must be an array of gitignore-style patterns (strings)")
                    }
                    guard let pattern = PathPattern(text, base: folder.path, origin: path) else {
                        throw ConfigurationError(fileName: path, location: item.location, message: "\"\(member.key)\" holds '\(text)', which matches nothing (a blank pattern or a comment)")
                    }
                    patterns.append(pattern)
                }
                if member.key == "exclude" { config.exclude = patterns } else { config.extendExclude = patterns }
            case "perFileIgnores":
                guard case .object(let entries) = value.kind else { throw fail("an object from a gitignore-style pattern to an array of rule ids") }
                var ignores: [PerFileIgnore] = []
                for entry in entries {
                    guard let pattern = PathPattern(entry.key, base: folder.path, origin: path) else {
                        throw ConfigurationError(fileName: path, location: entry.keyLocation, message: "\"perFileIgnores\" has the pattern '\(entry.key)', which matches nothing")
                    }
                    guard case .array(let items) = entry.value.kind else {
                        throw ConfigurationError(fileName: path, location: entry.value.location, message: "\"perFileIgnores\" maps '\(entry.key)' to an array of rule ids")
                    }
                    var rules: [String] = []
                    for item in items {
                        guard case .string(let rule) = item.kind else {
                            throw ConfigurationError(fileName: path, location: item.location, message: "\"perFileIgnores\" maps '\(entry.key)' to an array of rule ids (strings)")
                        }
                        rules.append(rule)
                    }
                    ignores.append(PerFileIgnore(pattern: pattern, rules: rules))
                }
                config.perFileIgnores = ignores
            case "severities":
                guard case .object(let entries) = value.kind else { throw fail("an object from a rule id to \"off\", \"warning\" or \"error\"") }
                for entry in entries {
                    guard case .string(let text) = entry.value.kind, let setting = SeveritySetting(rawValue: text) else {
                        throw ConfigurationError(fileName: path, location: entry.value.location, message: "\"severities\" sets '\(entry.key)' to \"off\", \"warning\" or \"error\"")
                    }
                    config.severities[entry.key] = setting
                }
            default:
                throw ConfigurationError(fileName: path, location: member.keyLocation, message: "unknown option \"\(member.key)\"",
                                         hint: Suggestions.didYouMean(member.key, in: memberNames) ?? "the options are " + memberNames.dropFirst().joined(separator: ", "))
            }
        }
        return config
    }
}
