/// Whether a change keeps one side working.
public enum CompatibilityVerdict: String, Sendable, Equatable, Codable {
    /// Nothing that worked before stops working.
    case compatible
    /// Something that worked before can fail (a decode error, a wrong value or, for Swift source, a
    /// compile error).
    case breaking
}

/// The three questions a schema change is judged by.
public struct CompatibilityVerdicts: Sendable, Equatable {
    /// Old clients, new server: do types generated from the old schema decode what the new schema
    /// allows? (Also: does an old server accept what new clients send?)
    public var oldClientsNewServer: CompatibilityVerdict
    /// New clients, old server: do types generated from the new schema decode what the old schema
    /// allows? (Also: does a new server accept what old clients send?)
    public var newClientsOldServer: CompatibilityVerdict
    /// Swift source: does code written against the old generated types still compile?
    public var swiftSource: CompatibilityVerdict

    /// Three verdicts.
    public init(
        oldClientsNewServer: CompatibilityVerdict, newClientsOldServer: CompatibilityVerdict,
        swiftSource: CompatibilityVerdict
    ) {
        self.oldClientsNewServer = oldClientsNewServer
        self.newClientsOldServer = newClientsOldServer
        self.swiftSource = swiftSource
    }

    /// Whether either wire direction breaks.
    public var breaksWire: Bool { oldClientsNewServer == .breaking || newClientsOldServer == .breaking }

    /// Whether anything breaks.
    public var breaksAnything: Bool { breaksWire || swiftSource == .breaking }

    static let allCompatible = CompatibilityVerdicts(
        oldClientsNewServer: .compatible, newClientsOldServer: .compatible, swiftSource: .compatible)
    static let allBreaking = CompatibilityVerdicts(
        oldClientsNewServer: .breaking, newClientsOldServer: .breaking, swiftSource: .breaking)
}

/// One difference between two schema models, with its verdicts and where it is on both sides.
public struct SchemaChange: Sendable, Equatable {
    /// The rule that names the change (docs/SchemaDiffRules.md).
    public var rule: SchemaDiffRule
    /// The named type the change is in, or for an operation's change the operation as
    /// `METHOD /path` (`GET /things/{id}`).
    public var typeName: String
    /// The member: a field's wire name, an enum value or a variant's tag; for an operation, a
    /// parameter (`query limit`, `path 1`), `body` or an answer (`200 application/json`); `nil` for
    /// the type or operation itself.
    public var member: String?
    /// What changed, for people: for example `Int32 → Int64`.
    public var detail: String
    /// Where the changed thing is in the old documents, or `nil` when it is new.
    public var old: Origin?
    /// Where the changed thing is in the new documents, or `nil` when it was removed.
    public var new: Origin?
    /// The three verdicts.
    public var verdicts: CompatibilityVerdicts

    /// A change.
    public init(
        rule: SchemaDiffRule, typeName: String, member: String? = nil, detail: String, old: Origin?, new: Origin?,
        verdicts: CompatibilityVerdicts
    ) {
        self.rule = rule
        self.typeName = typeName
        self.member = member
        self.detail = detail
        self.old = old
        self.new = new
        self.verdicts = verdicts
    }

    /// Whether the change alters documentation only (``SchemaDiffRule/isDocumentation``), nothing
    /// on the wire or in the Swift API.
    public var isDocumentationOnly: Bool {
        rule.isDocumentation && !verdicts.breaksAnything
    }

    /// The semantic version bump this change alone calls for.
    public var bump: SemverBump {
        if verdicts.breaksAnything { return .major }
        return rule.isAddition ? .minor : .patch
    }
}

/// The part of a version number a schema change must raise.
public enum SemverBump: String, Sendable, Equatable, Comparable, Codable {
    /// Nothing changed.
    case none
    /// Documentation, deprecations and other changes that neither add nor break anything.
    case patch
    /// Something was added and nothing breaks.
    case minor
    /// Something breaks (on the wire or in Swift source).
    case major

    private var rank: Int {
        switch self {
        case .none: 0
        case .patch: 1
        case .minor: 2
        case .major: 3
        }
    }

    /// Orders by size: `none < patch < minor < major`.
    public static func < (lhs: SemverBump, rhs: SemverBump) -> Bool { lhs.rank < rhs.rank }
}
