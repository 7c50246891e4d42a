/// Flow collections: `[a, b]` and `{a: 1, b: 2}`, which may span lines.
extension YAMLDocumentParser {
    /// The flow sequence or mapping at `pos`.
    mutating func parseFlowCollection() throws(SyntaxError) -> DocumentValue {
        bytes[pos] == .openBracket ? try parseFlowSequence() : try parseFlowMapping()
    }

    /// Skips spaces, tabs, line breaks and comments between the parts of a flow collection.
    private mutating func skipFlowSpace(open: Int) throws(SyntaxError) {
        while pos < bytes.count {
            let byte = bytes[pos]
            if byte == .newline, isDocumentMarker(at: pos + 1) {
                throw error("a document marker inside a flow collection", at: pos + 1)
            }
            if byte.isYAMLBlankOrBreak {
                pos += 1
            } else if byte == .hash, pos == 0 || bytes[pos - 1].isYAMLBlankOrBreak {
                while pos < bytes.count, bytes[pos] != .newline { pos += 1 }
            } else {
                return
            }
        }
        throw error(bytes[open] == .openBracket ? "unterminated flow sequence" : "unterminated flow mapping", at: open)
    }

    private mutating func parseFlowSequence() throws(SyntaxError) -> DocumentValue {
        let open = pos
        try enter()
        defer { depth -= 1 }
        pos += 1
        var items: [DocumentValue] = []
        while true {
            try skipFlowSpace(open: open)
            if bytes[pos] == .closeBracket { break }
            items.append(try parseFlowSequenceEntry(open: open))
            try skipFlowSpace(open: open)
            if bytes[pos] == .closeBracket { break }
            guard bytes[pos] == .comma else { throw error("expected ',' or ']' in a flow sequence") }
            pos += 1
        }
        pos += 1
        nodeCount += 1
        return .array(items)
    }

    /// An entry of a flow sequence: a node, or a single pair `key: value` (a mapping of one member).
    private mutating func parseFlowSequenceEntry(open: Int) throws(SyntaxError) -> DocumentValue {
        try refuseComplexKey()
        let start = pos
        let (node, text) = try parseFlowNode()
        try skipFlowSpace(open: open)
        guard bytes[pos] == .colon else { return node }
        guard let key = text else { throw error("a mapping key must be a scalar", at: start) }
        pos += 1
        try enter()
        defer { depth -= 1 }
        try skipFlowSpace(open: open)
        let value =
            bytes[pos] == .comma || bytes[pos] == .closeBracket
            ? try resolveScalar("", plain: true, properties: Properties(), at: pos) : try parseFlowNode().value
        nodeCount += 1
        return .object([(key, value)])
    }

    private mutating func parseFlowMapping() throws(SyntaxError) -> DocumentValue {
        let open = pos
        try enter()
        defer { depth -= 1 }
        pos += 1
        var members: [(key: String, value: DocumentValue)] = []
        var seen: Set<String>?
        while true {
            try skipFlowSpace(open: open)
            if bytes[pos] == .closeBrace { break }
            try refuseComplexKey()
            let keyStart = pos
            if bytes[pos] == .colon, pos + 1 < bytes.count, bytes[pos + 1].isYAMLBlankOrBreak {
                throw error("a mapping key is missing before ':'")
            }
            guard let key = try parseFlowNode().text else {
                throw error("a mapping key must be a scalar", at: keyStart)
            }
            guard MemberKeys.isNew(key, among: members, seen: &seen) else {
                throw error("duplicate key '\(key)'", at: keyStart)
            }
            try skipFlowSpace(open: open)
            var value: DocumentValue?
            if bytes[pos] == .colon {
                pos += 1
                try skipFlowSpace(open: open)
                if bytes[pos] != .comma && bytes[pos] != .closeBrace { value = try parseFlowNode().value }
            }
            if value == nil { nodeCount += 1 }
            members.append((key, value ?? .null))
            try skipFlowSpace(open: open)
            if bytes[pos] == .closeBrace { break }
            guard bytes[pos] == .comma else { throw error("expected ',' or '}' in a flow mapping") }
            pos += 1
        }
        pos += 1
        nodeCount += 1
        return .object(members)
    }

    /// A node inside a flow collection, and its text when it is a scalar (what a key is).
    private mutating func parseFlowNode() throws(SyntaxError) -> (value: DocumentValue, text: String?) {
        let start = pos
        let properties = try parseProperties()
        if !properties.isEmpty { skipInlineSpace() }
        let mark = beginNode(properties)
        var text: String?
        let value: DocumentValue
        let byte = pos < bytes.count ? bytes[pos] : .newline
        switch byte {
        case .openBracket, .openBrace:
            value = try parseFlowCollection()
        case .asterisk:
            guard properties.isEmpty else { throw error("an alias cannot have an anchor or a tag", at: start) }
            value = try parseAlias()
            text = scalarText(of: value)
        case .singleQuote, .doubleQuote:
            let textStart = pos
            let scalar = try parseQuoted()
            text = scalar
            value = try resolveScalar(scalar, plain: false, properties: properties, at: textStart)
        case .pipe, .greaterThan:
            throw error("a block scalar ('|' or '>') cannot stand inside a flow collection")
        case _ where byte.isYAMLFlowIndicator || byte == .newline || (byte == .colon && !canStartPlain(flow: true)):
            guard !properties.isEmpty else { throw error("expected a value") }
            text = ""
            value = try resolveScalar("", plain: true, properties: properties, at: pos)
        default:
            if atSequenceIndicator { throw error("a block sequence ('- ') cannot stand inside a flow collection") }
            let textStart = pos
            let scalar = try scanPlain(parent: -1, flow: true)
            text = scalar
            value = try resolveScalar(scalar, plain: true, properties: properties, at: textStart)
        }
        return (try endNode(properties, value, mark), text)
    }
}
