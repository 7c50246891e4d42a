/// What the enums with payloads (untagged, externally, adjacently and internally tagged) write alike.
extension SwiftRenderer {
    /// `public [indirect] enum Name: Codable, Hashable, Sendable[, …]`.
    func enumDeclaration(_ type: NamedType) -> String {
        "\(enumKeyword(type)) \(type.name): \(conformanceList(type, ["Codable", "Hashable", "Sendable"]))"
    }

    /// One variant's `case`: the schema's documentation of it, then `wire` (its form on the wire).
    func renderVariantCase(
        swiftName: String, payload: TypeReference?, documentation: String?, wire: String,
        into w: inout SourceWriter
    ) {
        if documentation != nil {
            w.documentation(documentation)
            w.line("///")
        }
        w.documentation(wire)
        w.line("case \(Naming.escaped(swiftName))" + (payload.map { "(\(payloadSpelling($0)))" } ?? ""))
    }

    /// The Swift type of a variant's payload: what `type` names, with a date-time (alone, in arrays
    /// and maps, or through an alias) as a `WireTimestamp`, which keeps the text it came as.
    func payloadSpelling(_ type: TypeReference) -> String {
        let resolved = resolvingAliases(type)
        return TypeSpelling.holdsTimestamp(resolved) ? TypeSpelling.payload(resolved) : TypeSpelling.swift(type)
    }

    /// The type a variant's payload is decoded and encoded as: what its aliases name when that has
    /// a wire form of its own (a date-time, bytes, a 64-bit string), else the payload's own type.
    func codedPayload(_ type: TypeReference) -> TypeReference {
        let resolved = resolvingAliases(type)
        return TypeSpelling.wire(resolved) != nil ? resolved : type
    }

    /// `expression`, of `coded`'s wire type, as the payload's Swift value: a payload that holds
    /// date-times is its wire form (``payloadSpelling(_:)``), so only other wire forms convert.
    func payloadFromWire(_ coded: TypeReference, _ expression: String) -> String {
        TypeSpelling.holdsTimestamp(coded) ? expression : TypeSpelling.fromWire(coded, expression)
    }

    /// `expression`, a payload's Swift value, as `coded`'s wire type (see ``payloadFromWire(_:_:)``).
    func payloadToWire(_ coded: TypeReference, _ expression: String) -> String {
        TypeSpelling.holdsTimestamp(coded) ? expression : TypeSpelling.toWire(coded, expression)
    }
}
