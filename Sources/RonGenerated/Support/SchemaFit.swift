import Foundation

/// How well a JSON value fits a type: what a generated untagged union ranks its variants by.
///
/// Fits compare by ``rank`` first (the kind of the value against the kind of the type), then, for
/// objects, by the members present that the type declares (``accounted``, more is better), by the
/// members present that it does not declare (``unaccounted``, fewer is better), and by whether
/// every member the type requires is present (``complete``). docs/SchemaFormat.md gives the rule.
public struct SchemaFit: Sendable, Hashable, Comparable {
    /// How closely the kinds match: ``none`` (0, the value is not of the type's kind), ``anyJSON``
    /// (1), ``loose`` (2), ``fits`` (3), ``exact`` (4).
    public let rank: Int
    /// The members of an object that the type declares (a map: whose values fit its value type).
    public let accounted: Int
    /// The members of an object that the type does not declare.
    public let unaccounted: Int
    /// Whether every member the type requires is present.
    public let complete: Bool

    /// A fit of `rank` for a value that is not an object, or an object whose members do not count.
    public init(rank: Int) {
        self.rank = rank
        self.accounted = 0
        self.unaccounted = 0
        self.complete = true
    }

    /// The fit of an object to a type with members: `accounted` members it declares, `unaccounted`
    /// others, `complete` when every required member is there.
    public init(accounted: Int, unaccounted: Int, complete: Bool, rank: Int = SchemaFit.fits.rank) {
        self.rank = rank
        self.accounted = accounted
        self.unaccounted = unaccounted
        self.complete = complete
    }

    /// The value cannot be of the type.
    public static let none = SchemaFit(rank: 0)
    /// The type is any JSON (`JSONValue`): it takes every value, after every other variant.
    public static let anyJSON = SchemaFit(rank: 1)
    /// The type takes the value without knowing it: an open enum's unknown value, a tagged enum's
    /// unknown tag.
    public static let loose = SchemaFit(rank: 2)
    /// The value is of the type's kind (a string for `String`, a number for `Double`, an array for
    /// an array).
    public static let fits = SchemaFit(rank: 3)
    /// The value is exactly of the type: `null` for the null variant, a boolean for `Bool`, a whole
    /// number in range for an integer type, a known case of a string enum.
    public static let exact = SchemaFit(rank: 4)

    /// Whether the value can be of the type at all.
    public var isFit: Bool { rank > 0 }

    /// Whether `lhs` fits worse than `rhs`.
    public static func < (lhs: SchemaFit, rhs: SchemaFit) -> Bool {
        if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
        if lhs.accounted != rhs.accounted { return lhs.accounted < rhs.accounted }
        if lhs.unaccounted != rhs.unaccounted { return lhs.unaccounted > rhs.unaccounted }
        return !lhs.complete && rhs.complete
    }

    /// ``exact`` for `null`, else ``none``: the fit of the variant that is JSON `null`, and of a
    /// unit struct.
    public static func null(_ value: JSONValue) -> SchemaFit {
        value == .null ? .exact : .none
    }

    /// The positions of the fits that fit, best first; equal fits keep their order.
    public static func ranked(_ fits: [SchemaFit]) -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(fits.count)
        for index in fits.indices where fits[index].isFit {
            order.append(index)
        }
        // Stable: a later position wins only when it fits strictly better.
        order.sort { left, right in
            let (a, b) = (fits[left], fits[right])
            return a == b ? left < right : b < a
        }
        return order
    }

    /// The best of `fits`, or ``none`` when there are none.
    public static func best(_ fits: [SchemaFit]) -> SchemaFit {
        fits.max() ?? .none
    }

    /// The fit of an object to a type that declares `members` and requires `required`.
    /// With `closed` (the schema allows no other members), an object with members the type does not
    /// declare fits only ``loose``ly: the type would drop them, so every variant that keeps them
    /// goes first.
    public static func object(
        _ value: JSONValue, members: Set<String>, required: Set<String>, closed: Bool = false
    ) -> SchemaFit {
        guard case .object(let present) = value else { return .none }
        var accounted = 0
        for key in present.keys where members.contains(key) {
            accounted += 1
        }
        var complete = true
        for key in required where present[key] == nil {
            complete = false
            break
        }
        let unaccounted = present.count - accounted
        if closed, unaccounted > 0 {
            return SchemaFit(
                accounted: accounted, unaccounted: unaccounted, complete: complete, rank: SchemaFit.loose.rank)
        }
        return SchemaFit(accounted: accounted, unaccounted: unaccounted, complete: complete)
    }
}

/// A type that says how well a JSON value fits it, so that an untagged union can pick the variant
/// that fits a value best (see ``SchemaFit``).
///
/// The runtime's scalars, arrays, maps, wire wrappers and ``JSONValue`` conform; generated types
/// conform when they are a variant of an untagged union.
public protocol SchemaFitting {
    /// How well `value` fits this type.
    static func schemaFit(_ value: JSONValue) -> SchemaFit
}

/// A generated struct: an object fits by the members it declares.
public protocol SchemaObjectFitting: SchemaFitting {
    /// The wire names of the members, with the other names accepted on decode.
    static var schemaMembers: Set<String> { get }
    /// The wire names of the members that must be present.
    static var schemaRequiredMembers: Set<String> { get }
    /// Whether the schema allows members it does not declare (`false` for `additionalProperties:
    /// false`); `true` unless the type says otherwise.
    static var schemaAllowsOtherMembers: Bool { get }
}

extension SchemaObjectFitting {
    /// `true`: members the schema does not list are allowed.
    public static var schemaAllowsOtherMembers: Bool { true }

    /// An object fits by the members present that the struct declares, those it does not, and
    /// whether the required ones are all there; any other value does not fit.
    public static func schemaFit(_ value: JSONValue) -> SchemaFit {
        SchemaFit.object(
            value, members: schemaMembers, required: schemaRequiredMembers, closed: !schemaAllowsOtherMembers)
    }
}

/// A generated enum told apart by a tag: internally or adjacently tagged (an object whose member
/// ``schemaTagMember`` is the tag), or externally tagged (a string, or an object of one member,
/// that names the variant).
public protocol SchemaTagFitting: SchemaFitting {
    /// The member that holds the tag, or `nil` for an externally tagged enum.
    static var schemaTagMember: String? { get }
    /// The tags this version of the schema knows.
    static var schemaTags: Set<String> { get }
}

extension SchemaTagFitting {
    /// An object with a known tag fits with every member present accounted for; another object, or
    /// a string for an externally tagged enum, fits ``SchemaFit/loose``ly (the enum keeps what it
    /// does not know); a known unit variant's name fits exactly.
    public static func schemaFit(_ value: JSONValue) -> SchemaFit {
        switch value {
        case .object(let members):
            let tag: String?
            if let member = schemaTagMember {
                tag = members[member]?.stringValue
            } else {
                tag = members.count == 1 ? members.keys.first : nil
            }
            guard let tag, schemaTags.contains(tag) else { return .loose }
            return SchemaFit(accounted: members.count, unaccounted: 0, complete: true)
        case .string(let name):
            guard schemaTagMember == nil else { return .none }
            return schemaTags.contains(name) ? .exact : .loose
        default:
            return .none
        }
    }
}

/// A generated untagged union: a value fits it as well as it fits its best variant.
public protocol SchemaUntaggedFitting: SchemaFitting {
    /// How well `value` fits each variant, in schema order.
    static func schemaFits(_ value: JSONValue) -> [SchemaFit]
}

extension SchemaUntaggedFitting {
    /// The best fit of `value` among the variants.
    public static func schemaFit(_ value: JSONValue) -> SchemaFit {
        SchemaFit.best(schemaFits(value))
    }
}

/// A generated open string enum: a known case fits exactly, another string loosely.
public protocol SchemaOpenEnum: SchemaTextValue, SchemaFitting {
    /// The values this version of the schema knows.
    static var knownCases: [Self] { get }
}

extension SchemaOpenEnum {
    /// ``SchemaFit/exact`` for a known case, ``SchemaFit/loose`` for another string.
    public static func schemaFit(_ value: JSONValue) -> SchemaFit {
        guard case .string(let text) = value else { return .none }
        return knownCases.contains(where: { $0.rawValue == text }) ? .exact : .loose
    }
}

/// A generated pattern-checked string: a string fits when it matches.
public protocol SchemaTextFitting: SchemaTextValue, SchemaFitting {}

extension SchemaTextFitting {
    /// ``SchemaFit/fits`` for a string that is a value of the type (it matches the pattern).
    public static func schemaFit(_ value: JSONValue) -> SchemaFit {
        guard case .string(let text) = value, Self(rawValue: text) != nil else { return .none }
        return .fits
    }
}

/// A generated tuple: an array fits, whatever its elements.
public protocol SchemaArrayFitting: SchemaFitting {}

extension SchemaArrayFitting {
    /// ``SchemaFit/fits`` for an array.
    public static func schemaFit(_ value: JSONValue) -> SchemaFit {
        value.arrayValue != nil ? .fits : .none
    }
}

/// A generated unit struct: `null` fits.
public protocol SchemaNullFitting: SchemaFitting {}

extension SchemaNullFitting {
    /// ``SchemaFit/exact`` for `null`.
    public static func schemaFit(_ value: JSONValue) -> SchemaFit {
        SchemaFit.null(value)
    }
}
