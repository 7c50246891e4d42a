/// An untagged enum: each variant is its own JSON shape; decoding takes the first that fits.
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
            w.line("/// Decodes the first variant, in schema order, that the value fits; an error when none does.")
            w.block("public init(from decoder: any Decoder) throws") { w in
                for variant in variants {
                    let spelled = Naming.escaped(variant.swiftName)
                    guard let payload = variant.payload else {
                        w.block("if (try? decoder.singleValueContainer().decodeNil()) == true") { w in
                            w.line("self = .\(spelled)")
                            w.line("return")
                        }
                        continue
                    }
                    let wire = TypeSpelling.wire(payload) ?? TypeSpelling.swift(payload)
                    w.block("if let value = try? decoder.singleValueContainer().decode(\(wire).self)") { w in
                        w.line("self = .\(spelled)(\(TypeSpelling.fromWire(payload, "value")))")
                        w.line("return")
                    }
                }
                let tried = variants.map { $0.payload.map(TypeSpelling.swift) ?? "null" }.joined(separator: ", ")
                w.line("throw DecodingError.dataCorrupted(")
                w.line("    DecodingError.Context(")
                w.line("        codingPath: decoder.codingPath,")
                w.line(
                    "        debugDescription: \(SwiftLiteral.string("No variant of \(type.name) matches the value (tried \(tried))."))))"
                )
            }
            w.line()
            w.line("/// Encodes the variant's own value.")
            w.block("public func encode(to encoder: any Encoder) throws") { w in
                w.line("var container = encoder.singleValueContainer()")
                w.block("switch self") { w in
                    for variant in variants {
                        let spelled = Naming.escaped(variant.swiftName)
                        if let payload = variant.payload {
                            w.line(
                                "case .\(spelled)(let value): try container.encode(\(TypeSpelling.toWire(payload, "value")))"
                            )
                        } else {
                            w.line("case .\(spelled): try container.encodeNil()")
                        }
                    }
                }
            }
        }
    }
}
