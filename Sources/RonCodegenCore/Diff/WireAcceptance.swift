/// What the generated decoders accept, as the diff reasons about it: "does a decoder generated for
/// one side accept every value the other side's schema allows?"
///
/// Every answer is conservative: a type reference this file does not know is accepted only by an
/// equal reference (or by `JSONValue`), so a new kind of reference is judged breaking, never missed.
enum WireAcceptance {
    /// A JSON integer's range: signed or not, and its width in bits.
    private struct IntegerRange {
        var signed: Bool
        var bits: Int

        func contains(_ other: IntegerRange) -> Bool {
            if signed { return other.signed ? other.bits <= bits : other.bits < bits }
            return !other.signed && other.bits <= bits
        }
    }

    /// The range of an integer sent as a JSON number, or `nil`.
    private static func numberRange(_ type: TypeReference) -> IntegerRange? {
        switch type {
        case .int8: IntegerRange(signed: true, bits: 8)
        case .int16: IntegerRange(signed: true, bits: 16)
        case .int32: IntegerRange(signed: true, bits: 32)
        case .int, .int64(asString: false): IntegerRange(signed: true, bits: 64)
        case .uint8: IntegerRange(signed: false, bits: 8)
        case .uint16: IntegerRange(signed: false, bits: 16)
        case .uint32: IntegerRange(signed: false, bits: 32)
        case .uint, .uint64(asString: false): IntegerRange(signed: false, bits: 64)
        default: nil
        }
    }

    /// The range of an integer sent as a JSON string, or `nil`.
    private static func textRange(_ type: TypeReference) -> IntegerRange? {
        switch type {
        case .int64(asString: true): IntegerRange(signed: true, bits: 64)
        case .uint64(asString: true): IntegerRange(signed: false, bits: 64)
        default: nil
        }
    }

    /// Whether a decoder for `decoder` accepts every value of `value`. Named types compare by name
    /// (their own changes are judged where they are defined). `textEnums` names the open string
    /// enums: their decoders keep any string (an unknown one as `.unknown`), and every value of one
    /// is a string, so a plain string and such an enum read each other.
    static func accepts(_ decoder: TypeReference, _ value: TypeReference, textEnums: Set<String> = []) -> Bool {
        if decoder == value { return true }
        if decoder == .json { return true }
        if case .named(let name, let arguments) = decoder, arguments.isEmpty, textEnums.contains(name) {
            return value == .string
        }
        if decoder == .string, case .named(let name, let arguments) = value, arguments.isEmpty,
            textEnums.contains(name)
        {
            return true
        }
        if let wide = numberRange(decoder), let narrow = numberRange(value) { return wide.contains(narrow) }
        if let wide = textRange(decoder), let narrow = textRange(value) { return wide.contains(narrow) }
        if decoder == .bigInteger { return numberRange(value) != nil }
        if decoder == .double || decoder == .decimal {
            return [.float, .double, .bigInteger, .decimal].contains(value) || numberRange(value) != nil
        }
        if decoder == .string { return isText(value) }
        if case .array(let a) = decoder, case .array(let b) = value { return accepts(a, b) }
        if case .map(let a) = decoder, case .map(let b) = value { return accepts(a, b) }
        if case .named(let a, let aArguments) = decoder, case .named(let b, let bArguments) = value {
            return a == b && aArguments.count == bArguments.count
                && zip(aArguments, bArguments).allSatisfy { accepts($0, $1) }
        }
        return false
    }

    /// Whether every value of `type` is a JSON string.
    private static func isText(_ type: TypeReference) -> Bool {
        switch type {
        case .string, .bytes, .timestamp, .int64(asString: true), .uint64(asString: true): true
        default: false
        }
    }

    /// Whether both are strings on the wire (a format change) or both are 64-bit integers in
    /// different forms (an encoding change).
    static func isInt64EncodingChange(_ a: TypeReference, _ b: TypeReference) -> Bool {
        (numberRange(a) != nil && textRange(b) != nil) || (textRange(a) != nil && numberRange(b) != nil)
    }

    /// Whether both are strings on the wire but in different formats (plain, date-time, bytes, …).
    static func isFormatChange(_ a: TypeReference, _ b: TypeReference) -> Bool {
        isText(a) && isText(b) && !(textRange(a) != nil && textRange(b) != nil)
    }

    // MARK: Members

    /// Whether a producer of `field` may leave the member out.
    static func mayOmit(_ field: Field) -> Bool {
        !field.required || (field.omitsDefault && field.defaultValue != nil)
    }

    /// Whether the generated decoder of `field` accepts a missing member.
    static func acceptsMissing(_ field: Field) -> Bool {
        !field.required || (field.defaultValue != nil && !field.isOptional)
    }

    /// Whether the generated decoder of `field` accepts `null`.
    static func acceptsNull(_ field: Field) -> Bool {
        field.isOptional || field.defaultValue != nil
    }

    /// Whether a decoder generated for `decoder` reads every member `producer` allows with the
    /// meaning the producer gave it (`nil`: the object has no such member).
    static func decodes(_ decoder: Field?, from producer: Field?, textEnums: Set<String> = []) -> Bool {
        guard let decoder else { return true }  // unknown members are ignored
        guard let producer else { return acceptsMissing(decoder) }
        if mayOmit(producer), !acceptsMissing(decoder) { return false }
        if producer.nullable, !acceptsNull(decoder) { return false }
        if mayOmit(producer), let a = decoder.defaultValue, let b = producer.defaultValue, a != b {
            return false  // a left-out member means another value on each side
        }
        return accepts(decoder.type, producer.type, textEnums: textEnums)
    }

    /// Whether Swift code written against `old` compiles against `new`: the same name, Swift type
    /// and optionality, and an initializer parameter that still has a fallback if it had one.
    static func sourceCompatible(_ old: Field, _ new: Field) -> Bool {
        let hadFallback = old.defaultValue != nil || old.isOptional
        let hasFallback = new.defaultValue != nil || new.isOptional
        return old.swiftName == new.swiftName && TypeSpelling.swift(old.type) == TypeSpelling.swift(new.type)
            && old.isOptional == new.isOptional
            && (!hadFallback || hasFallback)
    }
}
