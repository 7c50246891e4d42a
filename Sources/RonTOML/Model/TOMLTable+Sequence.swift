extension TOMLTable: Sequence {
    /// Iterates `(key, value)` pairs in order.
    public func makeIterator() -> IndexingIterator<[(key: String, value: TOMLValue)]> {
        pairs.makeIterator()
    }
}
