/// Builds the ordered list of value constraints in a definition's `body`, as SwiftUI's result builder does.
@resultBuilder
public enum ConstraintBuilder {
    public static func buildExpression(_ constraint: any ValueConstraint) -> [any ValueConstraint] { [constraint] }
    public static func buildExpression(_ constraints: [any ValueConstraint]) -> [any ValueConstraint] { constraints }
    public static func buildBlock(_ parts: [any ValueConstraint]...) -> [any ValueConstraint] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [any ValueConstraint]?) -> [any ValueConstraint] { part ?? [] }
    public static func buildEither(first: [any ValueConstraint]) -> [any ValueConstraint] { first }
    public static func buildEither(second: [any ValueConstraint]) -> [any ValueConstraint] { second }
    public static func buildArray(_ parts: [[any ValueConstraint]]) -> [any ValueConstraint] { parts.flatMap { $0 } }
}
