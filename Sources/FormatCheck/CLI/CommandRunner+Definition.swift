extension CommandRunner {
    /// `fmtcheck definition check FILE...`: each file's findings on stderr, a verdict per file on stdout.
    static func checkDefinitions(_ paths: [String], console: Console) -> ExitCode {
        var exit = ExitCode.success
        for path in paths {
            do {
                let loaded = try DefinitionFile.load(path: path)
                for warning in loaded.warnings { console.err(warning.description + "\n") }
                let attributes = loaded.attributes.count, constraints = loaded.definition.constraints.count
                let warnings = loaded.warnings.isEmpty ? "" : ", \(count(loaded.warnings.count, "warning"))"
                console.outLine("\(path): ok: definition '\(loaded.name)', \(count(attributes, "attribute")), \(count(constraints, "constraint"))\(warnings)")
            } catch {
                report(error, console: console)
                exit = .failure
            }
        }
        return exit
    }

    /// `fmtcheck definition explain FILE`: the definition in words on stdout.
    static func explainDefinition(_ path: String, console: Console) -> ExitCode {
        do {
            let loaded = try DefinitionFile.load(path: path)
            for warning in loaded.warnings { console.err(warning.description + "\n") }
            console.out(loaded.explanation)
            return .success
        } catch {
            report(error, console: console)
            return .failure
        }
    }

    /// Prints every finding and a summary line to stderr.
    private static func report(_ problems: DefinitionDiagnostics, console: Console) {
        for diagnostic in problems.diagnostics { console.err(diagnostic.description + "\n") }
        var summary = count(problems.errors.count, "error")
        if !problems.warnings.isEmpty { summary += ", " + count(problems.warnings.count, "warning") }
        console.errLine("\(problems.fileName): invalid definition: \(summary)")
    }

    /// "1 error", "3 errors".
    static func count(_ n: Int, _ noun: String) -> String { RunSummary.count(n, noun) }
}
