extension TOMLValue {
    /// The string payload, or `nil` when this is not a `.string`.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer payload, or `nil` when this is not an `.integer`.
    public var integerValue: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The float payload, or `nil` when this is not a `.float` (integers are not converted).
    public var floatValue: Double? {
        if case .float(let value) = self { return value }
        return nil
    }

    /// The boolean payload, or `nil` when this is not a `.boolean`.
    public var booleanValue: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    /// The date-time payload, or `nil` when this is not a `.dateTime`.
    public var dateTimeValue: TOMLDateTime? {
        if case .dateTime(let value) = self { return value }
        return nil
    }

    /// The elements, or `nil` when this is not an `.array`.
    public var arrayValue: [TOMLValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The table, or `nil` when this is not a `.table`.
    public var tableValue: TOMLTable? {
        if case .table(let value) = self { return value }
        return nil
    }

    /// A short name of the value's type for messages: `string`, `integer`, `float`, `boolean`, `datetime`,
    /// `array` or `table`.
    public var typeName: String {
        switch self {
        case .string: return "string"
        case .integer: return "integer"
        case .float: return "float"
        case .boolean: return "boolean"
        case .dateTime: return "datetime"
        case .array: return "array"
        case .table: return "table"
        }
    }
}
