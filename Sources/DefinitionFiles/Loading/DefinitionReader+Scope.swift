import StreamingJSON

extension DefinitionReader {
    /// Reads `"scope"`: the declared attributes the definition responds to, each once.
    mutating func readScope(_ node: LocatedJSON, at path: JSONPath) {
        scopeSite = Site(location: node.location, path: path)
        let before = diagnostics.count
        defer { scopeIsComplete = diagnostics.count == before }
        guard let elements = elements(of: node, at: path, expecting: "\"scope\"") else { return }
        var firstSites: [String: Site] = [:]
        for (i, element) in elements.enumerated() {
            let elementPath = path.appending(index: i)
            guard let declaration = attributeReference(element, at: elementPath, what: "the scope") else { continue }
            if let first = firstSites[declaration.name] {
                report(.duplicateName, "the scope lists '\(declaration.name)' twice (first at line \(first.location.line), column \(first.location.column))",
                       node: element, at: elementPath, hint: "remove the repeat")
                continue
            }
            firstSites[declaration.name] = Site(location: element.location, path: elementPath)
            scope.append(declaration.name)
        }
    }

    /// Warns about declared attributes the scope leaves out: documents may not use them, so declaring them is
    /// most likely a slip.
    mutating func checkUnusedAttributes() {
        guard scopeIsComplete else { return }
        let inScope = Set(scope)
        for name in attributeOrder where !inScope.contains(name) {
            guard let declaration = attributes[name] else { continue }
            report(.unusedAttribute, "'\(name)' is declared but not in the scope, so normalising removes it from every document",
                   at: Site(location: declaration.location, path: JSONPath.root.appending(key: "attributes").appending(key: name)),
                   hint: "add '\(name)' to \"scope\", or remove its declaration", severity: .warning)
        }
    }
}
