import Foundation

/// A wire example of the old version checked against the new model.
public struct FixtureCheckResult: Sendable, Equatable {
    /// The fixture's path, for example `Fixtures/Hello/basic.json`.
    public var file: String
    /// The schema type it is an example of (its folder's name).
    public var typeName: String
    /// Why the new model's decoders would refuse it; empty when it decodes.
    public var problems: [FixtureProblem]

    /// A result.
    public init(file: String, typeName: String, problems: [FixtureProblem]) {
        self.file = file
        self.typeName = typeName
        self.problems = problems
    }
}

/// Why a value would not decode, and where in it.
public struct FixtureProblem: Sendable, Equatable {
    /// An RFC 6901 pointer into the fixture (`""` for the whole value).
    public var pointer: String
    /// What the schema says belongs at ``pointer``, in words that read after "expected" (`a string`,
    /// `an Int32 (a whole number from -2147483648 to 2147483647)`, `the required member 'id' of
    /// Widget`), without the value that is there: a report adds what came.
    public var expected: String
    /// What is wrong, as one sentence (`expected a string, found number`, `1.5 is not an Int64`).
    public var message: String

    /// A problem at `pointer`: the schema says `expected` there, and `message` says what is wrong.
    public init(pointer: String, expected: String, message: String) {
        self.pointer = pointer
        self.expected = expected
        self.message = message
    }

    /// A problem at `pointer` described by `message` alone (``expected`` is `message` too).
    public init(pointer: String, message: String) {
        self.init(pointer: pointer, expected: message, message: message)
    }
}

/// Checks JSON values against a model the way the generated decoders read them: required members
/// present, `null` only where it is accepted, scalar types and integer ranges, unknown members
/// ignored and unknown enum values and union tags tolerated (they decode as `.unknown`).
public struct FixtureValidator: Sendable {
    private let types: [String: NamedType]
    /// Whether a member that the schema does not declare is a problem even where the generated type
    /// keeps it (in `additionalMembers`).
    public let strict: Bool

    /// A validator for the types of `model`. A member that a generated struct would drop (one that
    /// its schema does not declare, of a struct that keeps no others) is always a problem: a round
    /// trip loses it. With `strict`, so is every member the schema does not declare.
    public init(model: SchemaModel, strict: Bool = false) {
        types = Dictionary(model.types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.strict = strict
    }

    /// The problems of `value` read as the named type `typeName`; empty when it decodes.
    public func problems(of value: DocumentValue, as typeName: String) -> [FixtureProblem] {
        var problems: [FixtureProblem] = []
        check(value, .named(typeName, arguments: []), at: "", bindings: [:], into: &problems)
        return problems
    }

    /// The problems of `value` read as `type` (a named type with its arguments, an array, a map or a
    /// scalar); empty when it decodes.
    public func problems(of value: DocumentValue, asType type: TypeReference) -> [FixtureProblem] {
        var problems: [FixtureProblem] = []
        check(value, type, at: "", bindings: [:], into: &problems)
        return problems
    }

    /// Checks every `<TypeName>/*.json` (and `*.toml`) of `fixtures` (path relative to the fixtures
    /// folder → contents), naming each result `prefix` + path. `renames` maps old type names to new.
    public func check(
        fixtures: [(path: String, data: Data)], prefix: String = "Fixtures/", renames: [String: String] = [:]
    ) -> [FixtureCheckResult] {
        fixtures.sorted { $0.path < $1.path }.compactMap { fixture -> FixtureCheckResult? in
            let parts = fixture.path.split(separator: "/").map(String.init)
            guard parts.count == 2, parts[1].hasSuffix(".json") || parts[1].hasSuffix(".toml") else { return nil }
            let typeName = renames[parts[0]] ?? parts[0]
            let file = prefix + fixture.path
            let value: DocumentValue
            do {
                value = try SchemaDocumentReader.parse(fixture.data, path: file)
            } catch let error as CodegenError {
                return FixtureCheckResult(
                    file: file, typeName: typeName,
                    problems: [FixtureProblem(pointer: error.pointer, message: "not readable: \(error.message)")])
            } catch {
                return FixtureCheckResult(
                    file: file, typeName: typeName, problems: [FixtureProblem(pointer: "", message: "not readable")])
            }
            return FixtureCheckResult(file: file, typeName: typeName, problems: problems(of: value, as: typeName))
        }
    }

    // MARK: Values

    private func check(
        _ value: DocumentValue, _ type: TypeReference, at pointer: String, bindings: [String: TypeReference],
        into problems: inout [FixtureProblem]
    ) {
        func problem(_ expected: String, _ message: String) {
            problems.append(FixtureProblem(pointer: pointer, expected: expected, message: message))
        }
        func expect(_ expected: String) { problem(expected, "expected \(expected), found \(value.typeName)") }
        if type == .json { return }
        if case .typeParameter(let name) = type {
            if let bound = bindings[name] { check(value, bound, at: pointer, bindings: [:], into: &problems) }
            return
        }
        switch type {
        case .bool: if case .bool = value {} else { expect("a boolean") }
        case .string: if value.string == nil { expect("a string") }
        case .double, .float, .decimal: if case .number = value {} else { expect("a number") }
        case .bigInteger:
            guard case .number(let text) = value else { return expect("an integer") }
            let digits = text.drop { $0 == "-" }.drop { $0 == "0" }
            if !digits.allSatisfy({ $0.isASCII && $0.isNumber }) || text.isEmpty {
                problem("an integer", "\(text) is not an integer")
            } else if digits.count > 38 {
                problem(
                    "an integer of at most 38 digits", "\(text) has more than 38 digits, more than JSONInteger holds")
            }
        case .int8, .int16, .int32, .int, .uint8, .uint16, .uint32, .uint, .int64(asString: false),
            .uint64(asString: false):
            guard case .number(let text) = value else { return expect(Self.integerWords(type)) }
            if !Self.integer(text, fits: type) {
                problem(Self.integerWords(type), "\(text) is not \(Self.article(TypeSpelling.swift(type)))")
            }
        case .int64(asString: true), .uint64(asString: true):
            guard let text = value.string else { return expect("an integer in a string") }
            if !Self.integer(text, fits: type) {
                problem(
                    Self.integerWords(type) + " in a string",
                    "\"\(text)\" is not \(Self.article(TypeSpelling.swift(type)))")
            }
        case .bytes:
            guard let text = value.string else { return expect("base64url text") }
            if text.contains(where: { !($0.isLetter && $0.isASCII || $0.isNumber && $0.isASCII || "-_=".contains($0)) })
            {
                problem("base64url text", "not base64url text")
            }
        case .timestamp:
            guard let text = value.string else { return expect("an RFC 3339 date-time") }
            if text.range(of: Self.timestampPattern, options: [.regularExpression, .caseInsensitive]) == nil {
                problem("an RFC 3339 date-time", "\"\(text)\" is not an RFC 3339 date-time")
            }
        case .array(let element):
            guard case .array(let items) = value else { return expect("an array") }
            for (index, item) in items.enumerated() {
                check(item, element, at: pointer + "/\(index)", bindings: bindings, into: &problems)
            }
        case .map(let element):
            guard let members = value.members else { return expect("an object") }
            for member in members {
                check(
                    member.value, element, at: pointer + "/" + Pointer.escape(member.key), bindings: bindings,
                    into: &problems)
            }
        case .named(TypeReference.optionalName, let arguments)
        where arguments.count == 1 && types[TypeReference.optionalName] == nil:
            // A whole answer that may be `null` (`Optional<T>`).
            if value != .null {
                check(value, resolve(arguments[0], bindings), at: pointer, bindings: bindings, into: &problems)
            }
        case .named(let name, let arguments):
            guard let named = types[name] else {
                return problem("a value of \(name)", "the type \(name) is not in the schema")
            }
            checkNamed(value, named, arguments.map { resolve($0, bindings) }, at: pointer, into: &problems)
        default:
            problem(
                "a value of \(TypeSpelling.swift(type))",
                "the diff cannot check a value of type \(TypeSpelling.swift(type))")
        }
    }

    private func resolve(_ type: TypeReference, _ bindings: [String: TypeReference]) -> TypeReference {
        if case .typeParameter(let name) = type { return bindings[name] ?? .json }
        return type
    }

    private func checkNamed(
        _ value: DocumentValue, _ type: NamedType, _ arguments: [TypeReference], at pointer: String,
        ignoring: Set<String> = [], into problems: inout [FixtureProblem]
    ) {
        func problem(_ expected: String, _ message: String) {
            problems.append(FixtureProblem(pointer: pointer, expected: expected, message: message))
        }
        func expect(_ expected: String) { problem(expected, "expected \(expected), found \(value.typeName)") }
        if case .structure(let parameters, let fields) = type.shape {
            guard let members = value.members else { return expect("an object") }
            var bindings: [String: TypeReference] = [:]
            for (index, parameter) in parameters.enumerated() {
                bindings[parameter] = index < arguments.count ? arguments[index] : .json
            }
            checkUnlisted(
                members, of: type, fields: fields, at: pointer, ignoring: ignoring, bindings: bindings, into: &problems)
            for field in fields where field.isMember {
                let at = pointer + "/" + Pointer.escape(field.wireName)
                guard let member = members.first(where: { $0.key == field.wireName })?.value else {
                    if !WireAcceptance.acceptsMissing(field) {
                        problems.append(
                            FixtureProblem(
                                pointer: at, expected: "the required member '\(field.wireName)' of \(type.name)",
                                message: "the required member '\(field.wireName)' of \(type.name) is missing"))
                    }
                    continue
                }
                if member == .null {
                    // A `JSONValue` member holds `null` itself.
                    if !WireAcceptance.acceptsNull(field), resolve(field.type, bindings) != .json {
                        problems.append(Self.nullProblem(at: at, TypeSpelling.swift(field.type)))
                    }
                    continue
                }
                check(member, field.type, at: at, bindings: bindings, into: &problems)
            }
        } else if case .stringEnum = type.shape {
            if value.string == nil { expect("a string (a value of \(type.name))") }
        } else if case .taggedUnion(let discriminator, let variants) = type.shape {
            guard let tag = value[discriminator]?.string else {
                return expect("an object with the string member '\(discriminator)'")
            }
            if let variant = variants.first(where: { $0.tag == tag }), let payload = types[variant.payload] {
                checkNamed(
                    value, payload, [], at: pointer, ignoring: ignoring.union([discriminator]), into: &problems)
            }
        } else if case .externallyTagged(let variants) = type.shape {
            guard value.string == nil, let members = value.members, members.count == 1 else { return }
            if let variant = variants.first(where: { $0.tag == members[0].key }), let payload = variant.payload {
                check(
                    members[0].value, payload, at: pointer + "/" + Pointer.escape(members[0].key), bindings: [:],
                    into: &problems)
            }
        } else if case .adjacentlyTagged(let tagMember, let contentMember, let variants) = type.shape {
            guard let tag = value[tagMember]?.string else {
                return expect("an object with the string member '\(tagMember)'")
            }
            if let variant = variants.first(where: { $0.tag == tag }), let payload = variant.payload {
                guard let content = value[contentMember] else {
                    return problem(
                        "the member '\(contentMember)' of variant \(tag)",
                        "the member '\(contentMember)' of variant \(tag) is missing")
                }
                check(
                    content, payload, at: pointer + "/" + Pointer.escape(contentMember), bindings: [:], into: &problems)
            }
        } else if case .patternString(let pattern) = type.shape {
            guard let text = value.string else { return expect("a string matching \(pattern)") }
            if text.range(of: pattern, options: .regularExpression) == nil {
                problem("a string matching \(pattern)", "\"\(text)\" does not match \(pattern)")
            }
        } else if case .alias(let target) = type.shape {
            check(value, target, at: pointer, bindings: [:], into: &problems)
        } else if case .newtype(let target) = type.shape {
            check(value, target, at: pointer, bindings: [:], into: &problems)
        } else if case .unit = type.shape {
            if value != .null { expect("null (\(type.name) is a unit struct)") }
        } else if case .untagged(let variants) = type.shape {
            // The generated decoder takes the first variant that fits; the value is fine when one does.
            let fits = variants.contains { variant in
                guard let payload = variant.payload else { return value == .null }
                var trial: [FixtureProblem] = []
                check(value, payload, at: pointer, bindings: [:], into: &trial)
                return trial.isEmpty
            }
            if !fits {
                problem("a value that fits a variant of \(type.name)", "the value fits no variant of \(type.name)")
            }
        } else if case .tuple(let elements) = type.shape {
            let expected = "an array of \(elements.count) elements (\(type.name) is a tuple)"
            guard case .array(let items) = value else { return expect(expected) }
            guard items.count == elements.count else {
                return problem(
                    expected, "expected \(elements.count) elements (\(type.name) is a tuple), found \(items.count)")
            }
            for (index, (item, element)) in zip(items, elements).enumerated() {
                if item == .null {
                    if !element.nullable, element.type != .json {
                        problems.append(Self.nullProblem(at: pointer + "/\(index)", TypeSpelling.swift(element.type)))
                    }
                    continue
                }
                check(item, element.type, at: pointer + "/\(index)", bindings: [:], into: &problems)
            }
        } else {
            problem(
                "a value of \(type.name)",
                "the diff cannot check a value of \(type.name) (\(ModelComparison.kind(of: type.shape)))")
        }
    }

    private static let timestampPattern =
        #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$"#

    /// `null` where it is not accepted: the schema says a value of `type` belongs there.
    private static func nullProblem(at pointer: String, _ type: String) -> FixtureProblem {
        FixtureProblem(pointer: pointer, expected: article(type) + ", not null", message: "null is not accepted here")
    }

    /// `name` with its article (`an Int64`, `a UInt8`, `a String`).
    static func article(_ name: String) -> String {
        ("AEIOaeio".contains(name.first ?? "x") ? "an " : "a ") + name
    }

    /// An integer type in words, with its range (`an Int32 (a whole number from -2147483648 to
    /// 2147483647)`).
    private static func integerWords(_ type: TypeReference) -> String {
        let range: (String, String) =
            switch type {
            case .int8: ("\(Int8.min)", "\(Int8.max)")
            case .int16: ("\(Int16.min)", "\(Int16.max)")
            case .int32: ("\(Int32.min)", "\(Int32.max)")
            case .uint8: ("0", "\(UInt8.max)")
            case .uint16: ("0", "\(UInt16.max)")
            case .uint32: ("0", "\(UInt32.max)")
            case .uint, .uint64: ("0", "\(UInt64.max)")
            default: ("\(Int64.min)", "\(Int64.max)")
            }
        return article(TypeSpelling.swift(type)) + " (a whole number from \(range.0) to \(range.1))"
    }

    private static func integer(_ text: String, fits type: TypeReference) -> Bool {
        switch type {
        case .int8: Int8(text) != nil
        case .int16: Int16(text) != nil
        case .int32: Int32(text) != nil
        case .uint8: UInt8(text) != nil
        case .uint16: UInt16(text) != nil
        case .uint32: UInt32(text) != nil
        case .uint, .uint64: UInt64(text) != nil
        default: Int64(text) != nil
        }
    }
}

extension FixtureValidator {
    /// The members of an object that a struct does not declare: lost when the struct keeps none
    /// (a problem always), kept in its additional members otherwise (a problem in strict mode, and
    /// their values checked against the type it keeps them as). A flattened union reads the object
    /// too: it is checked with the struct's own members left out, and it answers for the rest.
    fileprivate func checkUnlisted(
        _ members: [(key: String, value: DocumentValue)], of type: NamedType, fields: [Field], at pointer: String,
        ignoring: Set<String>, bindings: [String: TypeReference], into problems: inout [FixtureProblem]
    ) {
        var declared = ignoring
        for field in fields where field.isMember {
            declared.insert(field.wireName)
            declared.formUnion(field.aliases)
        }
        let flattened = fields.filter(\.flattened)
        for union in flattened {
            let rest = DocumentValue.object(members.filter { !declared.contains($0.key) || ignoring.contains($0.key) })
            check(rest, union.type, at: pointer, bindings: bindings, into: &problems)
        }
        guard flattened.isEmpty else { return }
        let collector = fields.first(where: \.collectsOtherMembers)
        for (name, value) in members where !declared.contains(name) && !(collector?.aliases.contains(name) ?? false) {
            let at = pointer + "/" + Pointer.escape(name)
            guard let collector else {
                problems.append(
                    FixtureProblem(
                        pointer: at,
                        expected: "no member '\(name)' (\(type.name) does not declare it: the generated type drops it)",
                        message: "'\(name)' is not a member of \(type.name): the generated type drops it"))
                continue
            }
            if strict {
                problems.append(
                    FixtureProblem(
                        pointer: at, expected: "no member '\(name)' (not declared by the schema of \(type.name))",
                        message:
                            "'\(name)' is not declared by the schema of \(type.name) (kept in its additional members)"))
            }
            if case .map(let valueType) = collector.type, valueType != .json, value != .null {
                check(value, valueType, at: at, bindings: bindings, into: &problems)
            }
        }
    }
}
