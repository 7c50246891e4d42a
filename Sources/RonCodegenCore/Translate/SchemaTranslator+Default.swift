import Foundation

/// A property's `default` becomes a ``DefaultValue`` checked against its type.
extension SchemaTranslator {
    func defaultValue(_ value: DocumentValue, for type: TypeReference, at: Location) throws(CodegenError)
        -> DefaultValue
    {
        switch (type, value) {
        case (.bool, .bool(let flag)): return .bool(flag)
        case (.int, .number(let text)), (.int32, .number(let text)), (.uint8, .number(let text)),
            (.uint16, .number(let text)), (.uint32, .number(let text)), (.int64, .number(let text)),
            (.uint64, .number(let text)):
            guard Int64(text) != nil || UInt64(text) != nil else { throw at.error("default \(text) is not an integer") }
            return .integer(text)
        case (.double, .number(let text)): return .number(text)
        case (.string, .string(let text)): return .string(text)
        case (.array, .array(let items)) where items.isEmpty: return .emptyArray
        case (.map, .object(let members)) where members.isEmpty: return .emptyMap
        case (.named(let name, _), .string(let text)):
            guard let node = definitions[name]?.node, case .stringEnum(let cases)? = try? stringEnum(node, at: at),
                let match = cases.first(where: { $0.wireValue == text })
            else { throw at.error("default \"\(text)\" is not a value of \(name)") }
            return .enumCase(match.swiftName)
        default:
            throw at.error("a default of \(value.typeName) is not supported for this property")
        }
    }
}
