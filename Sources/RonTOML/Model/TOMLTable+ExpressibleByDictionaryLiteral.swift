extension TOMLTable: ExpressibleByDictionaryLiteral {
    /// Creates a table from a literal, keeping the literal's key order.
    public init(dictionaryLiteral elements: (String, TOMLValue)...) {
        self.init(elements)
    }
}
