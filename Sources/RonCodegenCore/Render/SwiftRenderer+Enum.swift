extension SwiftRenderer {
    /// The most cases a string enum's `init(rawValue:)` finds with a `switch`; a larger one looks
    /// its wire value up in a table.
    static let switchedEnumCases = 64

    func renderEnum(_ type: NamedType, cases: [EnumCase], into writer: inout SourceWriter) {
        writer.block(
            "public enum \(type.name): \(conformanceList(type, ["Codable", "Hashable", "Sendable", "RawRepresentable", "SchemaTextValue"]))"
        ) { w in
            for item in cases {
                if item.documentation != nil {
                    w.documentation(item.documentation)
                    w.line("///")
                }
                w.documentation("The wire value `\(item.wireValue)`.")
                w.line("case \(Naming.escaped(item.swiftName))")
            }
            w.line("/// A value this version of the schema does not know; it re-encodes unchanged.")
            w.line("case unknown(String)")
            w.line()
            w.line("/// The values this version of the schema knows.")
            w.line(
                "public static let knownCases: [\(type.name)] = [\(cases.map { "." + Naming.escaped($0.swiftName) }.joined(separator: ", "))]"
            )
            w.line()
            w.line("/// Maps a wire value to its case, or to ``unknown(_:)``.")
            if cases.count > Self.switchedEnumCases {
                // A switch over thousands of strings took the compiler minutes (a debug build compares
                // them one by one in one function); a table built from `rawValue` takes none.
                w.block("public init(rawValue: String)") { w in
                    w.line("self = Self.casesByRawValue[rawValue] ?? .unknown(rawValue)")
                }
                w.line()
                w.line("/// The known cases by wire value.")
                w.line(
                    "private static let casesByRawValue: [String: \(type.name)] = Dictionary(knownCases.map { ($0.rawValue, $0) }, uniquingKeysWith: { first, _ in first })"
                )
            } else {
                w.block("public init(rawValue: String)") { w in
                    w.block("switch rawValue") { w in
                        for item in cases {
                            let name = Naming.escaped(item.swiftName)
                            w.line("case \(SwiftLiteral.string(item.wireValue)): self = .\(name)")
                        }
                        w.line("default: self = .unknown(rawValue)")
                    }
                }
            }
            w.line()
            w.line("/// The wire value.")
            w.block("public var rawValue: String") { w in
                w.block("switch self") { w in
                    for item in cases {
                        w.line("case .\(Naming.escaped(item.swiftName)): return \(SwiftLiteral.string(item.wireValue))")
                    }
                    w.line("case .unknown(let value): return value")
                }
            }
            // `init(from:)` and `encode(to:)` are `SchemaTextValue`'s.
        }
    }

    func renderUnion(
        _ type: NamedType, discriminator: String, variants: [UnionVariant], into writer: inout SourceWriter
    ) {
        writer.block(enumDeclaration(type)) { w in
            for variant in variants {
                w.line("/// `\(discriminator)` is `\(variant.tag)`.")
                w.line("case \(Naming.escaped(variant.swiftName))(\(variant.payload))")
            }
            w.line(
                "/// A tag this version of the schema does not know, with the whole object; it re-encodes unchanged.")
            w.line("case unknown(tag: String, payload: JSONValue)")
            w.line()
            w.line("/// The discriminator member.")
            w.block("enum TagKey: String, CodingKey") { w in
                w.line("case tag = \(SwiftLiteral.string(discriminator))")
            }
            w.line()
            w.line("/// The value of the discriminator.")
            w.block("public var tag: String") { w in
                w.block("switch self") { w in
                    for variant in variants {
                        w.line("case .\(Naming.escaped(variant.swiftName)): return \(SwiftLiteral.string(variant.tag))")
                    }
                    w.line("case .unknown(let tag, _): return tag")
                }
            }
            renderTagFit(type, member: discriminator, tags: variants.map(\.tag), into: &w)
            w.line()
            w.line("/// Decodes the variant that the discriminator names.")
            w.block("public init(from decoder: any Decoder) throws") { w in
                if let absent = variants.first(where: \.selectedWhenAbsent) {
                    // The variant whose schema does not require the tag is the one without it.
                    w.line(
                        "let tag = try decoder.container(keyedBy: TagKey.self).decodeIfPresent(String.self, forKey: .tag) ?? \(SwiftLiteral.string(absent.tag))"
                    )
                } else {
                    w.line("let tag = try decoder.container(keyedBy: TagKey.self).decode(String.self, forKey: .tag)")
                }
                w.block("switch tag") { w in
                    for variant in variants {
                        w.line(
                            "case \(SwiftLiteral.string(variant.tag)): self = .\(Naming.escaped(variant.swiftName))(try \(variant.payload)(from: decoder))"
                        )
                    }
                    w.line("default: self = .unknown(tag: tag, payload: try JSONValue(from: decoder))")
                }
            }
            w.line()
            w.line("/// Encodes the variant's members and the discriminator in one object.")
            w.block("public func encode(to encoder: any Encoder) throws") { w in
                w.block("switch self") { w in
                    for variant in variants {
                        w.line("case .\(Naming.escaped(variant.swiftName))(let payload):")
                        w.line("    try payload.encode(to: encoder)")
                        // The variant without a required tag holds its tag member itself.
                        guard !variant.selectedWhenAbsent else { continue }
                        w.line("    var container = encoder.container(keyedBy: TagKey.self)")
                        w.line("    try container.encode(\(SwiftLiteral.string(variant.tag)), forKey: .tag)")
                    }
                    w.line("case .unknown(_, let payload):")
                    w.line("    try payload.encode(to: encoder)")
                }
            }
        }
    }

    func renderPatternString(_ type: NamedType, pattern: String, into writer: inout SourceWriter) {
        let base = [
            "Codable", "Hashable", "Sendable", "RawRepresentable", "CustomStringConvertible", "SchemaTextValue",
        ]
        writer.block("public struct \(type.name): \(conformanceList(type, base))") { w in
            w.line("/// The regular expression every value matches.")
            w.line("public static let pattern = \(SwiftLiteral.string(pattern))")
            w.line()
            w.line("private static let compiledPattern = CompiledSchemaPattern(pattern)")
            w.line()
            w.line("/// The text.")
            w.line("public let rawValue: String")
            w.line()
            w.line("/// The text, or `nil` when it does not match ``pattern``.")
            w.block("public init?(rawValue: String)") { w in
                w.line("guard Self.compiledPattern.matches(rawValue) else { return nil }")
                w.line("self.rawValue = rawValue")
            }
            w.line()
            w.line("/// The text, or an error saying it does not match ``pattern``.")
            w.block("public init(validating text: String) throws") { w in
                w.block("guard let value = Self(rawValue: text) else") { w in
                    w.line(
                        "throw SchemaPatternError(typeName: \(SwiftLiteral.string(type.name)), pattern: Self.pattern, value: text)"
                    )
                }
                w.line("self = value")
            }
            w.line()
            w.line("/// The text.")
            w.line("public var description: String { rawValue }")
            w.line()
            w.line("/// Says that `text` does not match ``pattern``.")
            w.block("public static func textFailure(_ text: String) -> String") { w in
                w.line(
                    "SchemaPatternError(typeName: \(SwiftLiteral.string(type.name)), pattern: Self.pattern, value: text).description"
                )
            }
            // `init(from:)` (its error is `textFailure`'s) and `encode(to:)` are `SchemaTextValue`'s.
        }
    }
}
