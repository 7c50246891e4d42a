/// A generated struct's `init(from:)` and `encode(to:)`: each member through its keyed-container
/// call, the members the schema does not list, the presence that keeps absent defaults and `null`s.
extension SwiftRenderer {
    func renderDecoder(_ fields: [Field], into writer: inout SourceWriter) {
        writer.line(
            fields.contains { $0.collectsOtherMembers }
                ? "/// Decodes a value; the members the schema does not list are collected."
                : "/// Decodes a value; unknown members are ignored.")
        let collector = fields.first { $0.collectsOtherMembers }
        let flattened = fields.filter(\.flattened)
        let slots = presenceSlots(fields)
        let fields = fields.filter(\.isMember)
        // A struct that collects the members it does not list reads every member through one
        // container of string keys (one pass over the object's keys, not two).
        let keyOf: (String) -> String =
            collector == nil
            ? { Self.memberKey($0) } : { "SchemaUnlistedKey(\(SwiftLiteral.string($0)))" }
        writer.block("public init(from decoder: any Decoder) throws") { w in
            for union in flattened {
                w.line(assign(union, "try \(TypeSpelling.swift(union.type))(from: decoder)"))
            }
            // The collector of unlisted date-times keeps their texts in the presence too.
            let collectorSlot = collector.flatMap { slots[$0.swiftName] }
            if let collector {
                w.line("let container = try decoder.container(keyedBy: SchemaUnlistedKey<Self>.self)")
                if collectorSlot != nil { w.line("var presence = SchemaPresence()") }
                decodeOtherMembers(collector, slot: collectorSlot, into: &w)
            } else if fields.isEmpty {
                w.line("_ = try decoder.container(keyedBy: \(memberKeyType).self)")
                return
            } else {
                w.line("let container = try decoder.container(keyedBy: \(memberKeyType).self)")
            }
            if !slots.isEmpty, collectorSlot == nil { w.line("var presence = SchemaPresence()") }
            if fields.contains(where: { !$0.aliases.isEmpty }) {
                w.line("let aliases = try decoder.container(keyedBy: SchemaVariantKey.self)")
            }
            for field in fields {
                let key = keyOf(field.wireName)
                let slot = slots[field.swiftName]
                guard !field.aliases.isEmpty else {
                    decodeMember(
                        field, container: "container", key: key, slot: slot, into: &w,
                        notesNull: tracksNull(field) && slot != nil)
                    continue
                }
                // The wire name wins; an alias is read only when the wire name is absent.
                let names = field.aliases.map { "SchemaVariantKey(stringValue: \(SwiftLiteral.string($0)))" }
                w.ifElse(
                    "!container.contains(\(key)), let alias = [\(names.joined(separator: ", "))].first(where: aliases.contains)",
                    { w in decodeMember(field, container: "aliases", key: "alias", slot: slot, into: &w, present: true)
                    },
                    else: { w in decodeMember(field, container: "container", key: key, slot: slot, into: &w) })
            }
            if !slots.isEmpty { w.line("self.schemaPresence = presence") }
        }
    }

    /// The lines that decode one member from `container` at `key`; `present` when the key is
    /// known to be there.
    private func decodeMember(
        _ field: Field, container: String, key: String, slot: Int?, into w: inout SourceWriter,
        present: Bool = false, notesNull: Bool = false
    ) {
        let wire = TypeSpelling.wire(field.type) ?? TypeSpelling.swift(field.type)
        if let scalar = TypeSpelling.textScalar(field.type), !(field.required && field.isOptional) {
            // A timestamp keeps the text it came as (when not canonical) in the presence.
            let keeping = slot != nil && Self.keepsText(field) ? ", keepingTextIn: &presence, \(slot ?? 0)" : ""
            decodeText(
                field, "\(container).decode\(scalar)", "forKey: \(key)\(keeping)", container: container, key: key,
                slot: slot, present: present, notesNull: notesNull, into: &w)
            return
        }
        if textValue(field) != nil, !(field.required && field.isOptional) {
            decodeText(
                field, "\(container).decodeText", "\(TypeSpelling.swift(field.type)).self, forKey: \(key)",
                container: container, key: key, slot: slot, present: present, notesNull: notesNull, into: &w)
            return
        }
        let needsConversion = TypeSpelling.wire(field.type) != nil
        let coder = Self.memberCoder(field.type)
        let typeArgument = coder.takesType ? "\(wire).self, " : ""
        let presenceCall = !needsConversion && Self.presenceCoders.contains(coder.name)
        if !field.isOptional {
            let decoded = "try \(container).decode\(coder.name)(\(typeArgument)forKey: \(key))"
            if presenceCall, let slot, let value = defaultNoted(field, slot: slot) {
                w.line(
                    assign(
                        field,
                        "try \(container).decode\(coder.name)IfPresent(\(typeArgument)forKey: \(key), orDefault: \(value), notedAt: \(slot), in: &presence)"
                    ))
            } else if let fallback = fallback(field, slot: slot) {
                let present = "try \(container).decode\(coder.name)IfPresent(\(typeArgument)forKey: \(key))"
                let converted = fromWire(field, present, slot: slot, optional: true)
                w.line(assign(field, "\(converted) ?? \(fallback)"))
            } else {
                w.line(assign(field, fromWire(field, decoded, slot: slot, optional: false)))
            }
            return
        }
        if field.required, !present {
            w.block("guard \(container).contains(\(key)) else") { w in
                w.line("throw DecodingError.keyNotFound(")
                w.line(
                    "    "
                        + (key.hasPrefix(".")
                            ? memberKeyType + key
                            : key.replacingOccurrences(of: "SchemaUnlistedKey(", with: "SchemaUnlistedKey<Self>("))
                        + ",")
                w.line(
                    "    DecodingError.Context(codingPath: \(container).codingPath, debugDescription: \"Required member \(field.wireName) is missing.\"))"
                )
            }
        }
        let decodedIfPresent = "try \(container).decode\(coder.name)IfPresent(\(typeArgument)forKey: \(key))"
        let converted = fromWire(field, decodedIfPresent, slot: slot, optional: true)
        let noteSlot = notesNull ? slot : nil
        if presenceCall, let slot, let value = defaultNoted(field, slot: slot) {
            w.line(
                assign(
                    field,
                    "try \(container).decode\(coder.name)IfPresent(\(typeArgument)forKey: \(key), orDefault: \(value), notedAt: \(slot), in: &presence)"
                ))
        } else if presenceCall, let noteSlot, field.defaultValue == nil {
            w.line(
                assign(
                    field,
                    "try \(container).decode\(coder.name)IfPresent(\(typeArgument)forKey: \(key), nullNotedAt: \(noteSlot), in: &presence)"
                ))
        } else if let fallback = fallback(field, slot: slot) {
            let decoded = orDefault(field, converted, fallback, container: container, key: key, present: present)
            w.line(assign(field, notingNull(decoded, noteSlot, container: container, key: key)))
        } else {
            w.line(assign(field, notingNull(converted, noteSlot, container: container, key: key)))
        }
    }

    func renderEncoder(_ fields: [Field], into writer: inout SourceWriter) {
        writer.line("/// Encodes the value; `nil` optionals are omitted.")
        let collector = fields.first { $0.collectsOtherMembers }
        let flattened = fields.filter(\.flattened)
        let slots = presenceSlots(fields)
        let fields = fields.filter(\.isMember)
        writer.block("public func encode(to encoder: any Encoder) throws") { w in
            // A flattened union first: the struct's own members are written after it, so they win.
            for union in flattened {
                w.line("try \(read(union)).encode(to: encoder)")
            }
            if let collector { encodeOtherMembers(collector, slot: slots[collector.swiftName], into: &w) }
            guard !fields.isEmpty else {
                if flattened.isEmpty { w.line("_ = encoder.container(keyedBy: \(memberKeyType).self)") }
                return
            }
            w.line("var container = encoder.container(keyedBy: \(memberKeyType).self)")
            for field in fields {
                let key = Self.memberKey(field.wireName)
                let value = read(field)
                let coder = encodeCoder(field)
                if let slot = slots[field.swiftName], Self.tracksAbsence(field),
                    let fallback = field.defaultValue.map(SwiftLiteral.value), let coder, !field.isOptional
                {
                    // Absent when decoded and still the default: left out again.
                    w.line(
                        "try container.encode\(coder)(\(value), forKey: \(key), skippingDefault: \(fallback), absentAt: \(slot), in: self.schemaPresence)"
                    )
                } else if let slot = slots[field.swiftName], Self.tracksAbsence(field),
                    let fallback = field.defaultValue.map(SwiftLiteral.value)
                {
                    // Absent when decoded and still the default: left out again.
                    w.block("if !self.schemaPresence.wasAbsent(\(slot)) || \(value) != \(fallback)") { w in
                        encodeMember(field, key: key, value: value, slot: slot, into: &w)
                    }
                } else if let slot = slots[field.swiftName], tracksNull(field), field.isOptional, let coder {
                    // `null` when decoded and still `nil`: written as `null` again.
                    w.line(
                        "try container.encode\(coder)IfPresent(\(value), forKey: \(key), nullNotedAt: \(slot), in: self.schemaPresence)"
                    )
                    continue
                } else {
                    encodeMember(field, key: key, value: value, slot: slots[field.swiftName], into: &w)
                }
                if let slot = slots[field.swiftName], tracksNull(field) {
                    w.line(
                        "try container.encodeNullIfNoted(\(slot), in: self.schemaPresence, whileNil: \(value), forKey: \(key))"
                    )
                }
            }
        }
    }

    /// The lines that encode one member into `container`.
    private func encodeMember(_ field: Field, key: String, value: String, slot: Int?, into w: inout SourceWriter) {
        if let scalar = TypeSpelling.textScalar(field.type) ?? textValue(field), !(field.required && field.isOptional) {
            if let slot, Self.keepsText(field) {
                // The text a timestamp came as, while it still names the value.
                let suffix = field.isOptional ? "IfPresent" : ""
                w.line(
                    "try container.encode\(scalar)\(suffix)(\(value), forKey: \(key), text: self.schemaPresence.text(\(slot)))"
                )
                return
            }
            if !field.isOptional, field.omitsDefault, let fallback = field.defaultValue.map(SwiftLiteral.value) {
                w.block("if \(value) != \(fallback)") { w in
                    w.line("try container.encode\(scalar)(\(value), forKey: \(key))")
                }
            } else {
                let suffix = field.isOptional ? "IfPresent" : ""
                w.line("try container.encode\(scalar)\(suffix)(\(value), forKey: \(key))")
            }
            return
        }
        let coder = Self.memberCoder(field.type, encoding: true)
        let wire = toWire(field, value, slot: slot, optional: field.isOptional)
        if !field.isOptional, field.omitsDefault, let fallback = field.defaultValue.map(SwiftLiteral.value) {
            w.block("if \(value) != \(fallback)") { w in
                w.line("try container.encode\(coder.name)(\(wire), forKey: \(key))")
            }
        } else if !field.isOptional {
            w.line("try container.encode\(coder.name)(\(wire), forKey: \(key))")
        } else if field.required {
            // Written as `null` when `nil`: the optional itself is the value.
            w.line("try container.encodeMember(\(wire), forKey: \(key))")
        } else {
            w.line("try container.encode\(coder.name)IfPresent(\(wire), forKey: \(key))")
        }
    }
}

extension SwiftRenderer {
    /// Reads the members the schema does not list into the collecting property (a map); date-times
    /// through their wire form, kept in the presence at `slot`.
    private func decodeOtherMembers(_ collector: Field, slot: Int?, into w: inout SourceWriter) {
        guard case .map(let value) = collector.type else { return }
        let wire = TypeSpelling.wire(value) ?? TypeSpelling.swift(value)
        if let slot, let wireMap = TypeSpelling.wire(collector.type) {
            w.line("var collected: \(wireMap) = [:]")
            w.block("for key in container.allKeys") { w in
                w.line("collected[key.stringValue] = try container.decode(\(wire).self, forKey: key)")
            }
            w.line("self.\(Naming.escaped(collector.swiftName)) = presence.keeping(\(slot), collected)")
            return
        }
        // `allKeys` of this key type holds only the members the struct does not list.
        if TypeSpelling.wire(value) == nil {
            // Read as they are (any JSON, or a map's value type): one call of `RonGenerated`'s.
            w.line("self.\(Naming.escaped(collector.swiftName)) = try container.decodeUnlistedMembers(\(wire).self)")
            return
        }
        w.line("var collected: [String: \(TypeSpelling.swift(value))] = [:]")
        w.block("for key in container.allKeys") { w in
            w.line(
                "collected[key.stringValue] = \(TypeSpelling.fromWire(value, "try container.decode(\(wire).self, forKey: key)"))"
            )
        }
        w.line("self.\(Naming.escaped(collector.swiftName)) = collected")
    }

    /// Writes the collecting property's entries as members of the object, in name order; date-times
    /// with the texts kept in the presence at `slot`.
    private func encodeOtherMembers(_ collector: Field, slot: Int?, into w: inout SourceWriter) {
        guard case .map(let value) = collector.type else { return }
        let property = "self." + Naming.escaped(collector.swiftName)
        // Members of any JSON are the ones the schema does not declare: a strict check omits them.
        if slot == nil, TypeSpelling.wire(value) == nil {
            // Written as they are: one call of `RonGenerated`'s.
            w.line(
                "try SchemaCoding.encodeUnlistedMembers(\(property), to: encoder, omittedWhenStrict: \(value == .json))"
            )
            return
        }
        let condition =
            value == .json
            ? "!\(property).isEmpty, !SchemaCoding.omitsUnlistedMembers(encoder)" : "!\(property).isEmpty"
        w.block("if \(condition)") { w in
            w.line("var others = encoder.container(keyedBy: SchemaVariantKey.self)")
            if let slot, let wireMap = TypeSpelling.wire(collector.type) {
                w.block("for (name, value) in self.schemaPresence.wire(\(slot), \(property), as: \(wireMap).self)") {
                    w in
                    w.line("try others.encode(value, forKey: SchemaVariantKey(stringValue: name))")
                }
                return
            }
            w.block("for (name, value) in \(property)") { w in
                w.line(
                    "try others.encode(\(TypeSpelling.toWire(value, "value")), forKey: SchemaVariantKey(stringValue: name))"
                )
            }
        }
    }

    /// The name a generated coder calls the keyed container by for a member of `type` (`decode` or
    /// `encode` + the name, + `IfPresent` for an optional), and whether the call takes the type:
    /// one method per value type, so the type checker has one candidate instead of the container's
    /// seventeen overloads (see `KeyedContainers+Members.swift` in `RonGenerated`).
    static func memberCoder(_ type: TypeReference, encoding: Bool = false) -> (name: String, takesType: Bool) {
        if TypeSpelling.isInteger(type) {
            return encoding ? (TypeSpelling.swift(type), false) : ("Integer", true)
        }
        switch type {
        case .string: return ("String", false)
        case .bool: return ("Bool", false)
        case .double: return ("Double", false)
        case .float: return ("Float", false)
        default: return ("Member", true)
        }
    }
}
