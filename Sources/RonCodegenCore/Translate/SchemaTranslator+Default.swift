import Foundation

/// A property's `default` becomes a ``DefaultValue`` checked against its type.
extension SchemaTranslator {
    func defaultValue(_ value: DocumentValue, for type: TypeReference, at: Location) throws(CodegenError)
        -> DefaultValue
    {
        switch (type, value) {
        case (.bool, .bool(let flag)): return .bool(flag)
        case (_, .number(let text)) where Self.integerRange(type) != nil:
            let (name, fits) = Self.integerRange(type)!
            guard Int64(text) != nil || UInt64(text) != nil else { throw at.error("default \(text) is not an integer") }
            guard fits(text) else { throw at.error("default \(text) is out of the range of \(name)") }
            return .integer(text)
        case (.double, .number(let text)), (.float, .number(let text)):
            let finite = type == .float ? Float(text)?.isFinite : Double(text)?.isFinite
            guard finite == true else {
                throw at.error("default \(text) is not a finite \(type == .float ? "Float" : "Double")")
            }
            return .number(text)
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

    /// The Swift name of an integer type and whether a number's text fits it exactly.
    static func integerRange(_ type: TypeReference) -> (String, (String) -> Bool)? {
        switch type {
        case .int: return ("Int", { Int($0) != nil })
        case .int8: return ("Int8", { Int8($0) != nil })
        case .int16: return ("Int16", { Int16($0) != nil })
        case .int32: return ("Int32", { Int32($0) != nil })
        case .int64: return ("Int64", { Int64($0) != nil })
        case .uint: return ("UInt", { UInt($0) != nil })
        case .uint8: return ("UInt8", { UInt8($0) != nil })
        case .uint16: return ("UInt16", { UInt16($0) != nil })
        case .uint32: return ("UInt32", { UInt32($0) != nil })
        case .uint64: return ("UInt64", { UInt64($0) != nil })
        // A literal of `JSONInteger` is an `Int64`.
        case .bigInteger: return ("JSONInteger", { Int64($0) != nil })
        default: return nil
        }
    }
}
