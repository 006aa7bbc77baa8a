import Formatting

/// A constraint as read from the file, with the sites validation findings point at.
struct ParsedConstraint {
    /// The constraint's name (may be empty when the file left it out).
    var name: String
    /// Where the name is written (the object itself when there is none).
    var nameSite: Site
    /// The constraint object.
    var site: Site
    /// The owned key, when it names a declared attribute.
    var keyName: String?
    /// Where the owned key is written.
    var keySite: Site?
    /// The built constraint; nil when a part of it could not be read.
    var constraint: (any ValueConstraint)?
    /// The first place each read key is mentioned in a condition.
    var readSites: [String: Site] = [:]
    /// Each rule object, in order (rule lists only).
    var ruleSites: [Site] = []
    /// Each rule's condition, when every one could be read (rule lists only); reachability needs only these.
    var ruleConditions: [Condition]?
    /// The `otherwise` value, when the file writes one.
    var otherwiseSite: Site?
    /// The file's own words about the constraint.
    var summary: String?
}
