extension SwiftRenderer {
    func renderStruct(_ type: NamedType, parameters: [String], fields: [Field], into writer: inout SourceWriter) {
        let generics =
            parameters.isEmpty
            ? "" : "<" + parameters.map { "\($0): Codable & Hashable & Sendable" }.joined(separator: ", ") + ">"
        writer.block(
            "public struct \(type.name)\(generics): "
                + conformanceList(
                    type,
                    ["Codable", "Hashable", "Sendable"]
                        + (fields.contains(where: \.collectsOtherMembers) ? ["SchemaListing"] : []))
        ) { w in
            for field in fields {
                let swiftType = TypeSpelling.swift(field.type) + (field.isOptional ? "?" : "")
                w.documentation(field.documentation)
                if field.boxed {
                    if field.deprecated { w.line("@available(*, deprecated, message: \"Deprecated in the schema.\")") }
                    let boxType = "SchemaBox<\(TypeSpelling.swift(field.type))>" + (field.isOptional ? "?" : "")
                    w.line("public var \(Naming.escaped(field.swiftName)): \(swiftType) {")
                    w.line("    get { \(read(field)) }")
                    w.line("    set { _\(field.swiftName) = \(boxed(field, "newValue")) }")
                    w.line("}")
                    w.line("/// Storage of ``\(field.swiftName)``, out of line.")
                    w.line("private var _\(field.swiftName): \(boxType)")
                } else if field.deprecated {
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
            // A member whose type is an alias of a date, bytes or a 64-bit string is coded as what the
            // alias names (a `typealias` has no wire form of its own).
            let coded = fields.map { field -> Field in
                let resolved = resolvingAliases(field.type)
                guard resolved != field.type, TypeSpelling.wire(resolved) != nil else { return field }
                var field = field
                field.type = resolved
                return field
            }
            if !presenceSlots(coded).isEmpty {
                w.line("/// Which defaulted members were absent and which members were `null` when the value was")
                w.line("/// decoded, so encoding writes back the same members; never compared.")
                w.line("var schemaPresence = SchemaPresence()")
                w.line()
            }
            if let collector = fields.first(where: \.collectsOtherMembers) {
                var seen: Set<String> = []
                let listed =
                    (fields.filter(\.isMember).flatMap { [$0.wireName] + $0.aliases }
                    + collector.aliases).filter { seen.insert($0).inserted }
                renderSchemaLists(listed, collector: collector.swiftName, into: &w)
            }
            renderObjectFit(type, generic: !parameters.isEmpty, fields: fields, into: &w)
            renderInitializer(fields, into: &w)
            w.line()
            renderDecoder(coded, into: &w)
            w.line()
            renderEncoder(coded, into: &w)
            w.line()
            renderEquality(fields, into: &w)
        }
    }

    /// `==` over the stored members, in order: what `Equatable` derives, written with one
    /// `SchemaEquality.same` call per member, which the type checker resolves at once where the
    /// derived `==` weighs every `==` operator in scope for each member (a third of the function
    /// bodies' type-check on a description of 122 structs). `schemaPresence` is left out: it is
    /// never compared.
    /// `hash(into:)` stays derived; it combines the same members.
    private func renderEquality(_ fields: [Field], into w: inout SourceWriter) {
        w.line("/// Whether every stored member of `lhs` equals that of `rhs`.")
        w.block("public static func == (lhs: Self, rhs: Self) -> Bool") { w in
            for field in fields {
                let member = storage(field)
                w.line("guard SchemaEquality.same(lhs.\(member), rhs.\(member)) else { return false }")
            }
            w.line("return true")
        }
    }

    /// `"Text"` when the member is of a string-valued named type (see ``textTypes``), read and
    /// written with `decodeText`/`encodeText`; `nil` otherwise.
    func textValue(_ field: Field) -> String? {
        guard case .named(let name, let arguments) = field.type, arguments.isEmpty, textTypes.contains(name) else {
            return nil
        }
        return "Text"
    }

    func storage(_ field: Field) -> String {
        field.deprecated || field.boxed ? "_" + field.swiftName : Naming.escaped(field.swiftName)
    }

    /// `self.<storage> = <expression>`, boxing the value of a boxed member.
    func assign(_ field: Field, _ expression: String) -> String {
        "self.\(storage(field)) = " + (field.boxed ? boxed(field, expression) : expression)
    }

    /// `expression` (of the member's Swift type) in a box.
    func boxed(_ field: Field, _ expression: String) -> String {
        return field.isOptional ? "SchemaBox(ifPresent: \(expression))" : "SchemaBox(\(expression))"
    }

    /// The member's value, read from its storage.
    func read(_ field: Field) -> String {
        guard field.boxed else { return "self.\(storage(field))" }
        return "self._\(field.swiftName)" + (field.isOptional ? "?.value" : ".value")
    }
}
