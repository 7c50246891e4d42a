/// What a decoded struct remembers of its document (`SchemaPresence` in `RonGenerated`): which
/// members it tracks, and the decoding expressions that note an absent default.
extension SwiftRenderer {
    /// The members whose presence a decoded value remembers, by Swift name: a defaulted member
    /// (absent → the default, left out again on encode), an optional one that may be `null`
    /// (written back as `null`) and one that holds date-times (their texts), numbered by position
    /// (see `SchemaPresence`); the collector of unlisted date-time members comes after them all.
    func presenceSlots(_ fields: [Field]) -> [String: Int] {
        var slots: [String: Int] = [:]
        let members = fields.filter(\.isMember)
        for (offset, field) in members.enumerated() {
            if Self.tracksAbsence(field) || tracksNull(field) || Self.keepsText(field) || Self.keepsForm(field) {
                slots[field.swiftName] = offset
            }
        }
        if let collector = fields.first(where: \.collectsOtherMembers), Self.keepsForm(collector) {
            slots[collector.swiftName] = members.count
        }
        return slots
    }

    /// A member that takes its default when absent and is written unless it was absent and still
    /// holds it.
    static func tracksAbsence(_ field: Field) -> Bool {
        field.defaultValue != nil && !field.omitsDefault
    }

    /// An optional member, left out when `nil`: a `null` it was decoded from is written back. That
    /// holds for a member whose schema does not allow `null` too, since Foundation's decoder reads
    /// `null` as `nil` for every optional (a union's variant may take an object whose `null` member
    /// another variant allows).
    func tracksNull(_ field: Field) -> Bool {
        field.isOptional && !field.required && field.aliases.isEmpty
    }

    /// `decoded ?? fallback`, for a member that takes its default when absent; for one that may be
    /// `null` too, the default only when the member is absent (`null` stays `nil`).
    func orDefault(
        _ field: Field, _ decoded: String, _ fallback: String, container: String, key: String, present: Bool
    ) -> String {
        guard field.isOptional, field.nullable else { return "\(decoded) ?? \(fallback)" }
        return present ? decoded : "\(container).contains(\(key)) ? \(decoded) : \(fallback)"
    }

    /// A timestamp member: the text it came as is kept when it is not the canonical form.
    static func keepsText(_ field: Field) -> Bool {
        field.type == .timestamp && !(field.required && field.isOptional)
    }

    /// Any other member that holds date-times (in arrays and maps, or a required one that may be
    /// `null`), and the collector of unlisted date-time members: the wire form it was decoded from
    /// is kept when one of its texts is not the canonical form (`SchemaPresence.keeping`).
    static func keepsForm(_ field: Field) -> Bool {
        TypeSpelling.holdsTimestamp(field.type) && !keepsText(field)
    }

    /// `expression` (of the member's wire type) as its Swift value, `optional` when both are
    /// optionals; a member that keeps its wire form hands it to the presence at `slot`.
    func fromWire(_ field: Field, _ expression: String, slot: Int?, optional: Bool) -> String {
        if let slot, Self.keepsForm(field) {
            return "presence.keeping\(optional ? "IfPresent" : "")(\(slot), \(expression))"
        }
        guard TypeSpelling.wire(field.type) != nil else { return expression }
        return optional
            ? expression + ".map { \(TypeSpelling.fromWire(field.type, "$0")) }"
            : TypeSpelling.fromWire(field.type, expression)
    }

    /// `value` (the member's Swift value) as its wire type, `optional` when both are optionals; a
    /// member that keeps its wire form takes the texts the presence kept at `slot`.
    func toWire(_ field: Field, _ value: String, slot: Int?, optional: Bool) -> String {
        if let slot, Self.keepsForm(field), let wire = TypeSpelling.wire(field.type) {
            return "self.schemaPresence.wire\(optional ? "IfPresent" : "")(\(slot), \(value), as: \(wire).self)"
        }
        guard TypeSpelling.wire(field.type) != nil else { return value }
        return optional
            ? value + ".map { \(TypeSpelling.toWire(field.type, "$0")) }" : TypeSpelling.toWire(field.type, value)
    }

    /// The default of a member, as the expression that decoding falls back to.
    func fallback(_ field: Field, slot: Int?) -> String? {
        guard let value = field.defaultValue.map(SwiftLiteral.value) else { return nil }
        guard let slot, Self.tracksAbsence(field) else { return value }
        return "presence.defaulted(\(slot), \(value))"
    }

    /// The coders of `KeyedContainers+Presence.swift` in `RonGenerated`: a member read or written by
    /// one of these keeps its presence in the same call (`nullNotedAt:`, `orDefault:notedAt:`,
    /// `skippingDefault:absentAt:`) instead of a second call and an operator.
    static let presenceCoders: Set<String> = ["String", "Bool", "Double", "Float", "Integer", "Member", "Text"]

    /// The default a member's decoding call takes and notes (`orDefault:notedAt:`), for a member
    /// that tracks its absence and is not a `null`able optional (which stays `nil` for `null`).
    func defaultNoted(_ field: Field, slot: Int?) -> String? {
        guard slot != nil, Self.tracksAbsence(field), !(field.isOptional && field.nullable) else { return nil }
        return field.defaultValue.map(SwiftLiteral.value)
    }

    /// The name of the encoding call (`encode` + the name) that can take a member's presence, or
    /// `nil` when the member is written another way (a wire conversion, a kept text, an integer, an
    /// optional written as `null`).
    func encodeCoder(_ field: Field) -> String? {
        guard !(field.required && field.isOptional), !Self.keepsText(field) else { return nil }
        if textValue(field) != nil { return "Text" }
        guard TypeSpelling.textScalar(field.type) == nil, TypeSpelling.wire(field.type) == nil else { return nil }
        let name = Self.memberCoder(field.type, encoding: true).name
        return Self.presenceCoders.contains(name) ? name : nil
    }

    /// The line that decodes a member read as text (`call`, or `call` + `IfPresent` with its
    /// default), given the call's `arguments`.
    func decodeText(
        _ field: Field, _ call: String, _ arguments: String, container: String, key: String, slot: Int?,
        present: Bool, notesNull: Bool, into w: inout SourceWriter
    ) {
        let ifPresent = "try \(call)IfPresent(\(arguments))"
        let note = { (decoded: String) in notingNull(decoded, notesNull ? slot : nil, container: container, key: key) }
        let presenceCall = Self.presenceCoders.contains(String(call.split(separator: ".").last?.dropFirst(6) ?? ""))
        if !field.isOptional, field.defaultValue == nil {
            w.line(assign(field, "try \(call)(\(arguments))"))
        } else if presenceCall, let slot, let value = defaultNoted(field, slot: slot) {
            w.line(
                assign(
                    field, "try \(call)IfPresent(\(arguments), orDefault: \(value), notedAt: \(slot), in: &presence)"))
        } else if presenceCall, notesNull, let slot, field.defaultValue == nil {
            w.line(assign(field, "try \(call)IfPresent(\(arguments), nullNotedAt: \(slot), in: &presence)"))
        } else if let fallback = fallback(field, slot: slot) {
            w.line(
                assign(
                    field, note(orDefault(field, ifPresent, fallback, container: container, key: key, present: present))
                ))
        } else {
            w.line(assign(field, note(ifPresent)))
        }
    }

    /// `decoded`, wrapped so that a member decoded as `nil` while its key is present is noted as
    /// `null` in slot `slot` (when there is one). The call takes the decoded value, not a read of
    /// `self`: reads of a partly initialized `self` cost the definite-initialization pass time in
    /// the square of the members (BENCHMARKS).
    func notingNull(_ decoded: String, _ slot: Int?, container: String, key: String) -> String {
        guard let slot else { return decoded }
        return "presence.noted(\(slot), \(decoded), in: \(container), forKey: \(key))"
    }
}
