/// Block nodes: what follows `key:`, `-` and `---`, block mappings and block sequences.
extension YAMLDocumentParser {
    /// The node after `key:`, `-` or `---`: on the same line or on the lines below, more
    /// indented than `parent` (a sequence may sit at the key's own indentation).
    mutating func parseBlockNode(parent: Int, context: Context) throws(SyntaxError) -> DocumentValue {
        skipInlineSpace()
        let start = pos
        let properties = try parseProperties()
        skipInlineSpace()
        if !atLineEndOrComment {
            pos = start
            return try parseContent(
                parent: parent, allowsCollections: context == .sequenceEntry, outer: Properties(), context: context)
        }
        return try parseFollowingLines(parent: parent, context: context, outer: properties)
    }

    /// The node on the lines below, or an empty one when none is indented enough.
    mutating func parseFollowingLines(
        parent: Int, context: Context, outer: Properties
    ) throws(SyntaxError) -> DocumentValue {
        let indent = try nextContentIndent()
        if indent > parent {
            return try parseContent(parent: parent, allowsCollections: true, outer: outer, context: context)
        }
        let mark = beginNode(outer)
        let value: DocumentValue
        if indent == parent, context == .mappingValue, atSequenceIndicator {
            value = try parseBlockSequence(indent: indent)
        } else {
            value = try resolveScalar("", plain: true, properties: outer, at: pos)
        }
        return try endNode(outer, value, mark)
    }

    /// The node starting at `pos` (not a space). `allowsCollections` says whether a block
    /// sequence or mapping may start here; `outer` are properties given on an earlier line.
    mutating func parseContent(
        parent: Int, allowsCollections: Bool, outer: Properties, context: Context
    ) throws(SyntaxError) -> DocumentValue {
        let start = pos
        let column = pos - lineStart(of: pos)
        if allowsCollections, atSequenceIndicator {
            let mark = beginNode(outer)
            return try endNode(outer, try parseBlockSequence(indent: column), mark)
        }
        let here = try parseProperties()
        skipInlineSpace()
        if !here.isEmpty, atLineEndOrComment {
            return try parseFollowingLines(parent: parent, context: context, outer: try merge(outer, here, at: start))
        }
        var startsMapping = atExplicitKey
        if !startsMapping { startsMapping = try implicitKeyFollows() }
        if startsMapping {
            guard allowsCollections else {
                throw error(
                    "a mapping cannot start on this line: put it on the lines below, or quote a value that holds ': '",
                    at: start)
            }
            pos = start
            let mark = beginNode(outer)
            return try endNode(outer, try parseBlockMapping(indent: column), mark)
        }
        let properties = try merge(outer, here, at: start)
        let mark = beginNode(properties)
        let value: DocumentValue
        switch bytes[pos] {
        case .openBracket, .openBrace:
            value = try parseFlowCollection()
            skipInlineSpace()
            if pos < bytes.count, bytes[pos] == .colon { throw error("a mapping key must be a scalar", at: start) }
            try expectLineEnd()
        case .pipe, .greaterThan:
            value = try resolveScalar(
                try parseBlockScalar(parent: parent), plain: false, properties: properties, at: pos)
        case .asterisk:
            guard properties.isEmpty else { throw error("an alias cannot have an anchor or a tag", at: start) }
            value = try parseAlias()
            try expectLineEnd()
        case .singleQuote, .doubleQuote:
            let textStart = pos
            value = try resolveScalar(try parseQuoted(), plain: false, properties: properties, at: textStart)
            try expectLineEnd()
        default:
            if atSequenceIndicator {
                throw error("a block sequence cannot start on this line: put its entries on the lines below")
            }
            try refuseComplexKey()
            let textStart = pos
            value = try resolveScalar(
                try scanPlain(parent: parent, flow: false), plain: true, properties: properties, at: textStart)
            try expectLineEnd()
        }
        return try endNode(properties, value, mark)
    }

    /// Whether the text at `pos` is an implicit key: a one-line scalar or alias followed by `: `.
    mutating func implicitKeyFollows() throws(SyntaxError) -> Bool {
        let start = pos
        defer { pos = start }
        guard pos < bytes.count else { return false }
        switch bytes[pos] {
        case .asterisk:
            pos += 1
            _ = scanAnchorName()
        case .singleQuote, .doubleQuote:
            _ = try parseQuoted()
            skipInlineSpace()
            if atValueIndicator, bytes[start..<pos].contains(.newline) {
                throw error("an implicit key must fit on one line", at: start)
            }
        default:
            guard canStartPlain(flow: false) else { return false }
            _ = try scanPlain(parent: -1, flow: false, multiLine: false)
        }
        skipInlineSpace()
        return atValueIndicator
    }

    /// Whether `pos` is at an explicit key's indicator, `? `.
    var atExplicitKey: Bool {
        pos < bytes.count && bytes[pos] == .question && (pos + 1 == bytes.count || bytes[pos + 1].isYAMLBlankOrBreak)
    }

    func refuseComplexKey() throws(SyntaxError) {
        if pos < bytes.count, bytes[pos] == .question, pos + 1 == bytes.count || bytes[pos + 1].isYAMLBlankOrBreak {
            throw error("complex mapping keys ('? ') are not supported: write the key as a plain or quoted scalar")
        }
    }

    /// A block mapping whose keys sit at column `indent`; `pos` is at its first key.
    mutating func parseBlockMapping(indent: Int) throws(SyntaxError) -> DocumentValue {
        try enter()
        defer { depth -= 1 }
        var members: [(key: String, value: DocumentValue)] = []
        var seen: Set<String>?
        while true {
            let keyStart = pos
            let (key, explicit) = try parseBlockKey(indent: indent)
            guard MemberKeys.isNew(key, among: members, seen: &seen) else {
                throw error("duplicate key '\(key)'", at: keyStart)
            }
            pos += 1
            // After an explicit key's `: `, a mapping may start on the same line, as after `- `.
            members.append(
                (key, try parseBlockNode(parent: indent, context: explicit ? .sequenceEntry : .mappingValue)))
            let next = try nextContentIndent()
            if next < indent { break }
            if next > indent { throw error("unexpected indentation: this line is indented more than the keys above") }
        }
        nodeCount += 1
        return .object(members)
    }

    /// A key of a block mapping whose keys sit at column `indent`, with its properties, and whether
    /// it was explicit (`? key` with its `: value` on the next line, as long keys are written);
    /// `pos` ends at the `:`.
    mutating func parseBlockKey(indent: Int) throws(SyntaxError) -> (key: String, explicit: Bool) {
        let properties = try parseProperties()
        skipInlineSpace()
        let start = pos
        if atExplicitKey {
            pos += 1
            skipInlineSpace()
            let key: String
            switch pos < bytes.count ? bytes[pos] : .newline {
            case .singleQuote, .doubleQuote: key = try parseQuoted()
            case .openBracket, .openBrace, .question: throw error("a mapping key must be a scalar")
            default:
                guard canStartPlain(flow: false) else { throw error("a mapping key must be a scalar") }
                key = try scanPlain(parent: indent, flow: false)
            }
            skipInlineSpace()
            if !atValueIndicator {
                guard try nextContentIndent() == indent, atValueIndicator else {
                    throw error(
                        "an explicit key ('? ') needs its ': value' below it, at its own indentation", at: start)
                }
            }
            if let anchor = properties.anchor { anchors[anchor] = Anchor(value: .string(key), nodes: 1, height: 0) }
            return (key, true)
        }
        let key: String
        switch pos < bytes.count ? bytes[pos] : .newline {
        case .openBracket, .openBrace: throw error("a mapping key must be a scalar")
        case .asterisk:
            guard let text = scalarText(of: try parseAlias()) else {
                throw error("an alias used as a key must name a scalar", at: start)
            }
            key = text
        case .singleQuote, .doubleQuote:
            key = try parseQuoted()
        case .colon:
            throw error("a mapping key is missing before ':'")
        default:
            if atSequenceIndicator { throw error("expected a mapping key, found a sequence entry ('- ')") }
            key = try scanPlain(parent: -1, flow: false, multiLine: false)
        }
        skipInlineSpace()
        guard atValueIndicator else { throw error("expected ':' after the mapping key") }
        if let anchor = properties.anchor { anchors[anchor] = Anchor(value: .string(key), nodes: 1, height: 0) }
        return (key, false)
    }

    /// A block sequence whose `-` sit at column `indent`; `pos` is at its first `-`.
    mutating func parseBlockSequence(indent: Int) throws(SyntaxError) -> DocumentValue {
        try enter()
        defer { depth -= 1 }
        var items: [DocumentValue] = []
        while true {
            pos += 1
            items.append(try parseBlockNode(parent: indent, context: .sequenceEntry))
            let next = try nextContentIndent()
            if next < indent { break }
            if next > indent {
                throw error("unexpected indentation: this line is indented more than the '- ' entries above")
            }
            if !atSequenceIndicator { break }
        }
        nodeCount += 1
        return .array(items)
    }

    mutating func enter() throws(SyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        deepest = max(deepest, depth)
    }
}
