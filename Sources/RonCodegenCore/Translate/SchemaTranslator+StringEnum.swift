import Foundation

/// A string schema with `enum` becomes an open string enum.
extension SchemaTranslator {
    func stringEnum(_ node: DocumentValue, at: Location) throws(CodegenError) -> NamedType.Shape {
        try Self.allow(node, ["type", "enum", "x-ron-case-names"], at: at)
        guard case .array(let values) = node["enum"] ?? .null, !values.isEmpty else {
            throw at.appending("enum").error("enum must be a non-empty array of strings")
        }
        let overrides = node["x-ron-case-names"]?.members ?? []
        var cases: [EnumCase] = []
        var seen: [String: String] = [:]
        for (offset, value) in values.enumerated() {
            guard let wire = value.string else {
                throw at.appending("enum").appending(String(offset)).error("enum values must be strings")
            }
            let name = overrides.first(where: { $0.key == wire })?.value.string ?? Naming.lowerCamel(wire)
            guard !name.isEmpty, name != "unknown" else {
                throw at.appending("enum").appending(String(offset)).error(
                    "the value '\(wire)' needs a case name in x-ron-case-names ('unknown' is reserved)")
            }
            if let other = seen[name] {
                throw at.appending("enum").error("'\(wire)' and '\(other)' both become the case name '\(name)'")
            }
            seen[name] = wire
            cases.append(EnumCase(wireValue: wire, swiftName: name))
        }
        return .stringEnum(cases: cases)
    }
}
