import Foundation

// How well a value fits the runtime's own types, for generated untagged unions: by the value's kind
// alone, except that an integer type takes only whole numbers in its range, a map counts the
// members whose values fit its value type, and the string forms of dates, bytes and 64-bit
// integers must parse.

extension Bool: SchemaFitting {
    /// ``SchemaFit/exact`` for `true` and `false`.
    public static func schemaFit(_ value: JSONValue) -> SchemaFit {
        value.boolValue != nil ? .exact : .none
    }
}

extension String: SchemaFitting {
    /// ``SchemaFit/fits`` for any string.
    public static func schemaFit(_ value: JSONValue) -> SchemaFit {
        value.stringValue != nil ? .fits : .none
    }
}

extension Double: SchemaFitting {
    /// ``SchemaFit/fits`` for any number.
    public static func schemaFit(_ value: JSONValue) -> SchemaFit {
        value.doubleValue != nil ? .fits : .none
    }
}

extension Float: SchemaFitting {
    /// ``SchemaFit/fits`` for any number.
    public static func schemaFit(_ value: JSONValue) -> SchemaFit {
        value.doubleValue != nil ? .fits : .none
    }
}

extension SchemaFitting where Self: FixedWidthInteger {
    /// ``SchemaFit/exact`` for a whole number in range; a fraction or a number out of range does
    /// not fit. (Foundation's decoder reads `2.0` as the whole number 2, as it does for an integer
    /// member.)
    public static func schemaFit(_ value: JSONValue) -> SchemaFit {
        switch value {
        case .integer(let number): return Self(exactly: number) != nil ? .exact : .none
        case .unsigned(let number): return Self(exactly: number) != nil ? .exact : .none
        case .double(let number): return Self(exactly: number) != nil ? .exact : .none
        default: return .none
        }
    }
}

extension Int: SchemaFitting {}
extension Int8: SchemaFitting {}
extension Int16: SchemaFitting {}
extension Int32: SchemaFitting {}
extension Int64: SchemaFitting {}
extension UInt: SchemaFitting {}
extension UInt8: SchemaFitting {}
extension UInt16: SchemaFitting {}
extension UInt32: SchemaFitting {}
extension UInt64: SchemaFitting {}

extension Array: SchemaFitting where Element: SchemaFitting {
    /// An array fits as well as its worst element: not at all when one element cannot be an
    /// `Element`, ``SchemaFit/loose``ly when one fits only loosely; the members of object elements
    /// add up (accounted for and not), so that of two arrays of objects the one whose element type
    /// declares the members wins. An empty array ``SchemaFit/fits``.
    public static func schemaFit(_ value: JSONValue) -> SchemaFit {
        guard case .array(let elements) = value else { return .none }
        var rank = SchemaFit.fits.rank
        var accounted = 0
        var unaccounted = 0
        var complete = true
        for element in elements {
            let fit = Element.schemaFit(element)
            guard fit.isFit else { return .none }
            rank = Swift.min(rank, fit.rank)
            accounted += fit.accounted
            unaccounted += fit.unaccounted
            complete = complete && fit.complete
        }
        return SchemaFit(accounted: accounted, unaccounted: unaccounted, complete: complete, rank: rank)
    }
}

extension Decimal: SchemaFitting {
    /// ``SchemaFit/fits`` for any number.
    public static func schemaFit(_ value: JSONValue) -> SchemaFit {
        value.doubleValue != nil ? .fits : .none
    }
}

extension Dictionary: SchemaFitting where Key == String, Value: SchemaFitting {
    /// An object, whose members count as accounted for when their values fit `Value`.
    public static func schemaFit(_ value: JSONValue) -> SchemaFit {
        guard case .object(let members) = value else { return .none }
        var accounted = 0
        for member in members.values where Value.schemaFit(member).isFit {
            accounted += 1
        }
        return SchemaFit(accounted: accounted, unaccounted: members.count - accounted, complete: true)
    }
}

extension JSONValue: SchemaFitting {
    /// ``SchemaFit/anyJSON`` for every value: any JSON fits, after every other variant.
    public static func schemaFit(_ value: JSONValue) -> SchemaFit {
        .anyJSON
    }
}

extension WireTimestamp: SchemaFitting {
    /// ``SchemaFit/fits`` for an RFC 3339 date-time string.
    public static func schemaFit(_ value: JSONValue) -> SchemaFit {
        guard case .string(let text) = value, RFC3339.parse(text) != nil else { return .none }
        return .fits
    }
}

extension WireBase64URL: SchemaFitting {
    /// ``SchemaFit/fits`` for a base64url string.
    public static func schemaFit(_ value: JSONValue) -> SchemaFit {
        guard case .string(let text) = value, WireBase64URL.decode(text) != nil else { return .none }
        return .fits
    }
}

extension WireInt64String: SchemaFitting {
    /// ``SchemaFit/fits`` for a string holding an `Int64`.
    public static func schemaFit(_ value: JSONValue) -> SchemaFit {
        guard case .string(let text) = value, Int64(text) != nil else { return .none }
        return .fits
    }
}

extension WireUInt64String: SchemaFitting {
    /// ``SchemaFit/fits`` for a string holding a `UInt64`.
    public static func schemaFit(_ value: JSONValue) -> SchemaFit {
        guard case .string(let text) = value, UInt64(text) != nil else { return .none }
        return .fits
    }
}
