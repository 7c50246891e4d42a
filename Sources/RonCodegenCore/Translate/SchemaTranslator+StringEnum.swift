import Foundation

/// A string schema with `enum` becomes an open string enum.
extension SchemaTranslator {
    /// Members every generated string enum declares, which no case may be named.
    static let stringEnumMembers: Set<String> = ["unknown", "rawValue", "knownCases", "init", "allCases"]

    func stringEnum(_ node: DocumentValue, at: Location) throws(CodegenError) -> NamedType.Shape {
        try Self.allow(node, ["type", "enum", "x-ron-case-names"], at: at)
        guard case .array(let values) = node["enum"] ?? .null, !values.isEmpty else {
            throw at.appending("enum").error("enum must be a non-empty array of strings")
        }
        let overrides = node["x-ron-case-names"]?.members ?? []
        var cases: [EnumCase] = []
        var taken: Set<String> = []
        for (offset, value) in values.enumerated() {
            guard let wire = value.string else {
                throw at.appending("enum").appending(String(offset)).error("enum values must be strings")
            }
            if let chosen = overrides.first(where: { $0.key == wire })?.value.string {
                // A name the schema gives must be usable as it is.
                guard !chosen.isEmpty, !Self.stringEnumMembers.contains(chosen), taken.insert(chosen).inserted else {
                    throw at.appending("x-ron-case-names").appending(wire).error(
                        "'\(chosen)' cannot name a case: it is empty, reserved (\(Self.stringEnumMembers.sorted().joined(separator: ", "))) or taken"
                    )
                }
                cases.append(EnumCase(wireValue: wire, swiftName: chosen))
            } else {
                let name = Naming.member(wire, taken: &taken, reserved: Self.stringEnumMembers)
                cases.append(EnumCase(wireValue: wire, swiftName: name))
            }
        }
        return .stringEnum(cases: cases)
    }
}
