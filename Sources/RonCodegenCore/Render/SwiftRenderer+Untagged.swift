/// An untagged enum: each variant is its own JSON shape; decoding takes the variant that fits the
/// value best (docs/SchemaFormat.md gives the rule).
///
/// The generated `init(from:)` reads the value once as a `JSONValue` (`SchemaUntaggedValue`), asks
/// each variant type how well the value fits it (`schemaFits`, one `schemaFit` call per variant,
/// from the runtime's `SchemaFitting`), and decodes the variants best first from that tree until
/// one decodes. The variant types that are generated say how values fit them with a protocol of
/// the runtime and, for structs and tagged enums, two typed `static let` sets; only the types an
/// untagged union holds do (``fittingTypes``), so a schema without untagged unions compiles as
/// before.
extension SwiftRenderer {
    func renderUntagged(_ type: NamedType, variants: [UntaggedVariant], into writer: inout SourceWriter) {
        writer.block(enumDeclaration(type)) {
            w in
            for variant in variants {
                renderVariantCase(
                    swiftName: variant.swiftName, payload: variant.payload, documentation: variant.documentation,
                    wire: variant.payload.map { "A `\(TypeSpelling.swift($0))` on the wire." } ?? "`null` on the wire.",
                    into: &w)
            }
            w.line()
            w.line("/// Decodes the variant that fits the value best; an error when none decodes.")
            w.block("public init(from decoder: any Decoder) throws") { w in
                w.line("var input = try SchemaUntaggedValue(from: decoder)")
                w.block("for index in input.ranked(Self.schemaFits(input.value))") { w in
                    w.block("switch index") { w in
                        for (offset, variant) in variants.enumerated() {
                            let spelled = Naming.escaped(variant.swiftName)
                            w.line("case \(offset):")
                            guard let payload = variant.payload else {
                                w.line("    self = .\(spelled)")
                                w.line("    return")
                                continue
                            }
                            let resolved = resolvingAliases(payload)
                            w.line("    if let value = input.attempt(\(fitSpelling(resolved)).self) {")
                            w.line("        self = .\(spelled)(\(payloadFromWire(resolved, "value")))")
                            w.line("        return")
                            w.line("    }")
                        }
                        w.line("default: break")
                    }
                }
                let tried = variants.map { $0.payload.map(TypeSpelling.swift) ?? "null" }.joined(separator: ", ")
                w.line(
                    "throw input.failure(\(SwiftLiteral.string("No variant of \(type.name) matches the value (tried \(tried)).")))"
                )
            }
            w.line()
            w.line("/// How well `value` fits each variant, in schema order.")
            w.block("public static func schemaFits(_ value: JSONValue) -> [SchemaFit]") { w in
                w.line("return [")
                for variant in variants {
                    guard let payload = variant.payload else {
                        w.line("    SchemaFit.null(value),")
                        continue
                    }
                    w.line("    \(fitSpelling(resolvingAliases(payload))).schemaFit(value),")
                }
                w.line("]")
            }
            w.line()
            w.line("/// Encodes the variant's own value.")
            w.block("public func encode(to encoder: any Encoder) throws") { w in
                w.line("var container = encoder.singleValueContainer()")
                w.block("switch self") { w in
                    for variant in variants {
                        let spelled = Naming.escaped(variant.swiftName)
                        if let payload = variant.payload {
                            let resolved = resolvingAliases(payload)
                            w.line(
                                "case .\(spelled)(let value): try container.encode(\(payloadToWire(resolved, "value")))"
                            )
                        } else {
                            w.line("case .\(spelled): try container.encodeNil()")
                        }
                    }
                }
            }
        }
    }

    /// The type a variant is decoded as and asked for its fit: its wire type when that differs.
    func fitSpelling(_ type: TypeReference) -> String {
        TypeSpelling.wire(type) ?? TypeSpelling.swift(type)
    }

    /// `type` with every alias replaced by what it names, so that a variant whose type is an alias
    /// of a date, of bytes or of a map decodes and encodes through the same wire type as a member.
    func resolvingAliases(_ type: TypeReference, depth: Int = 0) -> TypeReference {
        guard depth < 32 else { return type }
        switch type {
        case .named(let name, let arguments) where arguments.isEmpty:
            guard let target = aliasTargets[name] else { return type }
            return resolvingAliases(target, depth: depth + 1)
        case .array(let element): return .array(resolvingAliases(element, depth: depth + 1))
        case .map(let value): return .map(resolvingAliases(value, depth: depth + 1))
        default: return type
        }
    }

    /// The named types that must say how values fit them: each untagged union's variant types,
    /// followed through maps (a map counts the members whose values fit), aliases and newtypes
    /// (they fit as what they hold). Arrays fit by their kind alone, so their elements need nothing.
    func typesNeedingFit(_ model: SchemaModel) -> Set<String> {
        let shapes = Dictionary(model.types.map { ($0.name, $0.shape) }, uniquingKeysWith: { first, _ in first })
        var needed: Set<String> = []
        var pending: [TypeReference] = []
        for type in model.types {
            if case .untagged(let variants) = type.shape {
                needed.insert(type.name)
                pending.append(contentsOf: variants.compactMap(\.payload))
            }
        }
        while let next = pending.popLast() {
            switch next {
            case .map(let value), .array(let value):
                pending.append(value)
            case .named(let name, _):
                guard needed.insert(name).inserted else { continue }
                switch shapes[name] {
                case .alias(let target)?, .newtype(let target)?: pending.append(target)
                default: break
                }
            default:
                break
            }
        }
        return needed
    }

    /// The runtime protocol through which `type` says how values fit it, when it must
    /// (``fittingTypes``); every protocol but `SchemaFitting` itself brings its own `schemaFit`.
    func fitConformance(_ type: NamedType) -> [String] {
        guard fittingTypes.contains(type.name) else { return [] }
        switch type.shape {
        case .structure: return ["SchemaObjectFitting"]
        case .stringEnum: return ["SchemaOpenEnum"]
        case .patternString: return ["SchemaTextFitting"]
        case .taggedUnion, .externallyTagged, .adjacentlyTagged: return ["SchemaTagFitting"]
        case .untagged: return ["SchemaUntaggedFitting"]
        case .tuple: return ["SchemaArrayFitting"]
        case .unit: return ["SchemaNullFitting"]
        case .newtype: return ["SchemaFitting"]
        case .alias: return []
        }
    }

    /// A struct's `SchemaObjectFitting` members: its wire names (with aliases) and the required ones.
    func renderObjectFit(_ type: NamedType, generic: Bool, fields: [Field], into w: inout SourceWriter) {
        guard fittingTypes.contains(type.name) else { return }
        let fields = fields.filter(\.isMember)
        let members = fields.flatMap { [$0.wireName] + $0.aliases }
        // A member read under another name too is present when any of its names is: not required here.
        let required = fields.filter { $0.required && $0.defaultValue == nil && $0.aliases.isEmpty }.map(\.wireName)
        w.line("/// The members' wire names, for untagged unions to weigh an object against this type.")
        w.line("public static \(staticSet("schemaMembers", members, generic: generic))")
        w.line("/// The members that must be present.")
        w.line("public static \(staticSet("schemaRequiredMembers", required, generic: generic))")
        if type.closed {
            w.line("/// The schema allows no other members.")
            w.line("public static var schemaAllowsOtherMembers: Bool { false }")
        }
        w.line()
    }

    /// A tagged enum's `SchemaTagFitting` members: the tag member (`nil` when the variant's name is
    /// the tag) and the known tags.
    func renderTagFit(_ type: NamedType, member: String?, tags: [String], into w: inout SourceWriter) {
        guard fittingTypes.contains(type.name) else { return }
        w.line()
        w.line("/// The member that holds the tag, for untagged unions to weigh a value against this type.")
        w.line("public static let schemaTagMember: String? = \(member.map(SwiftLiteral.string) ?? "nil")")
        w.line("/// The tags this version of the schema knows.")
        w.line("public static \(staticSet("schemaTags", tags, generic: false))")
    }

    /// A newtype's `schemaFit`: the fit of what it holds.
    func renderNewtypeFit(_ type: NamedType, target: TypeReference, into w: inout SourceWriter) {
        guard fittingTypes.contains(type.name) else { return }
        w.line()
        w.line("/// How well `value` fits the value held.")
        w.block("public static func schemaFit(_ value: JSONValue) -> SchemaFit") { w in
            w.line("\(fitSpelling(resolvingAliases(target))).schemaFit(value)")
        }
    }

    /// `let name: Set<String> = [...]`, or a computed `var` in a generic type (which cannot store
    /// static properties).
    func staticSet(_ name: String, _ values: [String], generic: Bool) -> String {
        var seen: Set<String> = []
        let literal = values.filter { seen.insert($0).inserted }.map(SwiftLiteral.string).joined(separator: ", ")
        return generic ? "var \(name): Set<String> { [\(literal)] }" : "let \(name): Set<String> = [\(literal)]"
    }
}
