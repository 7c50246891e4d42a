extension SwiftRenderer {
    func renderStruct(_ type: NamedType, parameters: [String], fields: [Field], into writer: inout SourceWriter) {
        let generics =
            parameters.isEmpty
            ? "" : "<" + parameters.map { "\($0): Codable & Hashable & Sendable" }.joined(separator: ", ") + ">"
        writer.block(
            "public struct \(type.name)\(generics): \(conformanceList(type, ["Codable", "Hashable", "Sendable"]))"
        ) { w in
            for field in fields {
                let swiftType = TypeSpelling.swift(field.type) + (field.isOptional ? "?" : "")
                w.documentation(field.documentation)
                if field.deprecated {
                    w.line("@available(*, deprecated, message: \"Deprecated in the schema.\")")
                    w.line("public var \(Naming.escaped(field.swiftName)): \(swiftType) {")
                    w.line("    get { _\(field.swiftName) }")
                    w.line("    set { _\(field.swiftName) = newValue }")
                    w.line("}")
                    w.line("/// Storage of the deprecated ``\(field.swiftName)``.")
                    w.line("var _\(field.swiftName): \(swiftType)")
                } else {
                    w.line("public var \(Naming.escaped(field.swiftName)): \(swiftType)")
                }
                w.line()
            }
            renderInitializer(fields, into: &w)
            w.line()
            if fields.isEmpty {
                w.line("enum CodingKeys: CodingKey {}")
            } else {
                w.block("enum CodingKeys: String, CodingKey") { w in
                    for field in fields {
                        let name = Naming.escaped(field.swiftName)
                        w.line(
                            field.swiftName == field.wireName
                                ? "case \(name)" : "case \(name) = \(SwiftLiteral.string(field.wireName))")
                    }
                }
            }
            w.line()
            renderDecoder(fields, into: &w)
            w.line()
            renderEncoder(fields, into: &w)
        }
    }

    /// `"Text"` when the member is of a string-valued named type (see ``textTypes``), read and
    /// written with `decodeText`/`encodeText`; `nil` otherwise.
    private func textValue(_ field: Field) -> String? {
        guard case .named(let name, let arguments) = field.type, arguments.isEmpty, textTypes.contains(name) else {
            return nil
        }
        return "Text"
    }

    private func storage(_ field: Field) -> String {
        field.deprecated ? "_" + field.swiftName : Naming.escaped(field.swiftName)
    }

    private func renderInitializer(_ fields: [Field], into writer: inout SourceWriter) {
        writer.line("/// Creates a value from its properties.")
        if fields.isEmpty {
            writer.line("public init() {}")
            return
        }
        let parameters = fields.map { field -> String in
            let swiftType = TypeSpelling.swift(field.type) + (field.isOptional ? "?" : "")
            let fallback = field.defaultValue.map(SwiftLiteral.value) ?? (field.isOptional ? "nil" : nil)
            return "\(Naming.escaped(field.swiftName)): \(swiftType)" + (fallback.map { " = \($0)" } ?? "")
        }
        writer.line("public init(")
        for (offset, parameter) in parameters.enumerated() {
            writer.line("    " + parameter + (offset == parameters.count - 1 ? "" : ","))
        }
        writer.block(")") { w in
            for field in fields {
                w.line("self.\(storage(field)) = \(Naming.escaped(field.swiftName))")
            }
        }
    }

    private func renderDecoder(_ fields: [Field], into writer: inout SourceWriter) {
        writer.line("/// Decodes a value; unknown members are ignored.")
        writer.block("public init(from decoder: any Decoder) throws") { w in
            guard !fields.isEmpty else {
                w.line("_ = try decoder.container(keyedBy: CodingKeys.self)")
                return
            }
            w.line("let container = try decoder.container(keyedBy: CodingKeys.self)")
            for field in fields {
                let key = "." + Naming.escaped(field.swiftName)
                let wire = TypeSpelling.wire(field.type) ?? TypeSpelling.swift(field.type)
                if let scalar = TypeSpelling.textScalar(field.type), !(field.required && field.isOptional) {
                    if !field.isOptional, field.defaultValue == nil {
                        w.line("self.\(storage(field)) = try container.decode\(scalar)(forKey: \(key))")
                    } else if let fallback = field.defaultValue.map(SwiftLiteral.value) {
                        w.line(
                            "self.\(storage(field)) = try container.decode\(scalar)IfPresent(forKey: \(key)) ?? \(fallback)"
                        )
                    } else {
                        w.line("self.\(storage(field)) = try container.decode\(scalar)IfPresent(forKey: \(key))")
                    }
                    continue
                }
                if textValue(field) != nil, !(field.required && field.isOptional) {
                    let type = "\(TypeSpelling.swift(field.type)).self"
                    if !field.isOptional, field.defaultValue == nil {
                        w.line("self.\(storage(field)) = try container.decodeText(\(type), forKey: \(key))")
                    } else if let fallback = field.defaultValue.map(SwiftLiteral.value) {
                        w.line(
                            "self.\(storage(field)) = try container.decodeTextIfPresent(\(type), forKey: \(key)) ?? \(fallback)"
                        )
                    } else {
                        w.line("self.\(storage(field)) = try container.decodeTextIfPresent(\(type), forKey: \(key))")
                    }
                    continue
                }
                let needsConversion = TypeSpelling.wire(field.type) != nil
                let integer = TypeSpelling.isInteger(field.type)
                let decodeRequired = integer ? "decodeInteger" : "decode"
                let decodeOptional = integer ? "decodeIntegerIfPresent" : "decodeIfPresent"
                if !field.isOptional {
                    let decoded = "try container.\(decodeRequired)(\(wire).self, forKey: \(key))"
                    if let fallback = field.defaultValue.map(SwiftLiteral.value) {
                        let present = "try container.\(decodeOptional)(\(wire).self, forKey: \(key))"
                        let converted =
                            needsConversion ? present + ".map { \(TypeSpelling.fromWire(field.type, "$0")) }" : present
                        w.line("self.\(storage(field)) = \(converted) ?? \(fallback)")
                    } else {
                        w.line("self.\(storage(field)) = \(TypeSpelling.fromWire(field.type, decoded))")
                    }
                    continue
                }
                if field.required {
                    w.block("guard container.contains(\(key)) else") { w in
                        w.line("throw DecodingError.keyNotFound(")
                        w.line("    CodingKeys\(key),")
                        w.line(
                            "    DecodingError.Context(codingPath: container.codingPath, debugDescription: \"Required member \(field.wireName) is missing.\"))"
                        )
                    }
                }
                let present = "try container.\(decodeOptional)(\(wire).self, forKey: \(key))"
                let converted =
                    needsConversion ? present + ".map { \(TypeSpelling.fromWire(field.type, "$0")) }" : present
                if let fallback = field.defaultValue.map(SwiftLiteral.value) {
                    w.line("self.\(storage(field)) = \(converted) ?? \(fallback)")
                } else {
                    w.line("self.\(storage(field)) = \(converted)")
                }
            }
        }
    }

    private func renderEncoder(_ fields: [Field], into writer: inout SourceWriter) {
        writer.line("/// Encodes the value; `nil` optionals are omitted.")
        writer.block("public func encode(to encoder: any Encoder) throws") { w in
            guard !fields.isEmpty else {
                w.line("_ = encoder.container(keyedBy: CodingKeys.self)")
                return
            }
            w.line("var container = encoder.container(keyedBy: CodingKeys.self)")
            for field in fields {
                let key = "." + Naming.escaped(field.swiftName)
                let value = "self.\(storage(field))"
                if let scalar = TypeSpelling.textScalar(field.type) ?? textValue(field),
                    !(field.required && field.isOptional)
                {
                    if !field.isOptional, field.omitsDefault, let fallback = field.defaultValue.map(SwiftLiteral.value)
                    {
                        w.block("if \(value) != \(fallback)") { w in
                            w.line("try container.encode\(scalar)(\(value), forKey: \(key))")
                        }
                    } else {
                        let suffix = field.isOptional ? "IfPresent" : ""
                        w.line("try container.encode\(scalar)\(suffix)(\(value), forKey: \(key))")
                    }
                    continue
                }
                if !field.isOptional, field.omitsDefault, let fallback = field.defaultValue.map(SwiftLiteral.value) {
                    w.block("if \(value) != \(fallback)") { w in
                        w.line("try container.encode(\(TypeSpelling.toWire(field.type, value)), forKey: \(key))")
                    }
                } else if !field.isOptional {
                    w.line("try container.encode(\(TypeSpelling.toWire(field.type, value)), forKey: \(key))")
                } else if field.required {
                    let converted =
                        TypeSpelling.wire(field.type) != nil
                        ? value + ".map { \(TypeSpelling.toWire(field.type, "$0")) }" : value
                    w.line("try container.encode(\(converted), forKey: \(key))")
                } else {
                    let converted =
                        TypeSpelling.wire(field.type) != nil
                        ? value + ".map { \(TypeSpelling.toWire(field.type, "$0")) }" : value
                    w.line("try container.encodeIfPresent(\(converted), forKey: \(key))")
                }
            }
        }
    }
}
