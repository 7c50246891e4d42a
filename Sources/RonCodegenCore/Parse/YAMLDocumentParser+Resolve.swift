/// Node properties (anchors, tags), aliases and the YAML 1.2 core schema's scalar resolution.
extension YAMLDocumentParser {
    /// The prefix of the core schema's tags (`!!str` is `tag:yaml.org,2002:str`).
    static let coreTagPrefix = "tag:yaml.org,2002:"
    /// The core tags this reader honours.
    static let coreTags: Set<String> = ["str", "int", "float", "bool", "null", "map", "seq"]

    // MARK: Properties

    /// The anchor and tag at `pos`, in either order, or none; `pos` ends after the last one.
    mutating func parseProperties() throws(SyntaxError) -> Properties {
        var properties = Properties()
        while pos < bytes.count {
            let start = pos
            if bytes[pos] == .ampersand {
                pos += 1
                let name = scanAnchorName()
                guard !name.isEmpty else { throw error("an anchor ('&') needs a name", at: start) }
                guard properties.anchor == nil else { throw error("a node has two anchors", at: start) }
                properties.anchor = name
            } else if bytes[pos] == .exclamation {
                guard properties.tag == nil else { throw error("a node has two tags", at: start) }
                properties.tag = try scanTag()
                properties.tagOffset = start
            } else {
                break
            }
            var next = pos
            while next < bytes.count, bytes[next].isYAMLBlank { next += 1 }
            guard next < bytes.count, bytes[next] == .ampersand || bytes[next] == .exclamation else { break }
            pos = next
        }
        return properties
    }

    /// An anchor or alias name: up to a space, a line break, a flow indicator or `: `.
    mutating func scanAnchorName() -> String {
        let start = pos
        while pos < bytes.count {
            let byte = bytes[pos]
            if byte.isYAMLBlankOrBreak || byte.isYAMLFlowIndicator { break }
            if byte == .colon, pos + 1 == bytes.count || bytes[pos + 1].isYAMLBlankOrBreak { break }
            pos += 1
        }
        return string(start..<pos)
    }

    /// A tag at `pos`, with `!!name` and `!<verbatim>` written out in full.
    private mutating func scanTag() throws(SyntaxError) -> String {
        let start = pos
        pos += 1
        if pos < bytes.count, bytes[pos] == .lessThan {
            while pos < bytes.count, bytes[pos] != .greaterThan, !bytes[pos].isYAMLBlankOrBreak { pos += 1 }
            guard pos < bytes.count, bytes[pos] == .greaterThan else {
                throw error("unterminated verbatim tag ('!<…>')", at: start)
            }
            pos += 1
            return string(start + 2..<pos - 1)
        }
        while pos < bytes.count, !bytes[pos].isYAMLBlankOrBreak, !bytes[pos].isYAMLFlowIndicator { pos += 1 }
        let tag = string(start..<pos)
        return tag.hasPrefix("!!") ? Self.coreTagPrefix + tag.dropFirst(2) : tag
    }

    /// Both sets of properties of one node (one given on the line before, one on its own line).
    func merge(_ outer: Properties, _ inner: Properties, at offset: Int) throws(SyntaxError) -> Properties {
        if outer.isEmpty { return inner }
        if inner.isEmpty { return outer }
        if outer.anchor != nil, inner.anchor != nil { throw error("a node has two anchors", at: offset) }
        if outer.tag != nil, inner.tag != nil { throw error("a node has two tags", at: offset) }
        var merged = outer
        merged.anchor = outer.anchor ?? inner.anchor
        if inner.tag != nil {
            merged.tag = inner.tag
            merged.tagOffset = inner.tagOffset
        }
        return merged
    }

    /// The name of a core tag (`str` for `!!str`), or `nil` for any other tag.
    private func coreTagName(_ properties: Properties) -> String? {
        guard let tag = properties.tag, tag.hasPrefix(Self.coreTagPrefix) else { return nil }
        let name = String(tag.dropFirst(Self.coreTagPrefix.count))
        return Self.coreTags.contains(name) ? name : nil
    }

    // MARK: Anchors and aliases

    /// Starts a node with `properties`: its anchor is open (an alias to it would be a cycle).
    mutating func beginNode(_ properties: Properties) -> NodeMark {
        if let anchor = properties.anchor { openAnchors[anchor, default: 0] += 1 }
        let mark = NodeMark(nodes: nodeCount, deepest: deepest)
        deepest = depth
        return mark
    }

    /// Ends a node begun with ``beginNode(_:)``: checks a collection's tag and defines its anchor.
    mutating func endNode(
        _ properties: Properties, _ value: DocumentValue, _ mark: NodeMark
    ) throws(SyntaxError) -> DocumentValue {
        if let name = coreTagName(properties) {
            switch value {
            case .array where name != "seq":
                throw error("a sequence cannot have the tag !!\(name)", at: properties.tagOffset)
            case .object where name != "map":
                throw error("a mapping cannot have the tag !!\(name)", at: properties.tagOffset)
            default: break
            }
        }
        if let anchor = properties.anchor {
            openAnchors[anchor, default: 1] -= 1
            if openAnchors[anchor] == 0 { openAnchors[anchor] = nil }
            anchors[anchor] = Anchor(value: value, nodes: nodeCount - mark.nodes, height: deepest - depth)
        }
        deepest = max(deepest, mark.deepest)
        return value
    }

    /// The node an alias (`*name`) at `pos` names, expanded.
    mutating func parseAlias() throws(SyntaxError) -> DocumentValue {
        let start = pos
        pos += 1
        let name = scanAnchorName()
        guard !name.isEmpty else { throw error("an alias ('*') needs a name", at: start) }
        if openAnchors[name] != nil {
            throw error("the alias '*\(name)' is inside the node it names (a cycle)", at: start)
        }
        guard let anchor = anchors[name] else { throw error("no anchor '&\(name)' before the alias", at: start) }
        aliasNodes += anchor.nodes
        nodeCount += anchor.nodes
        if aliasNodes > Self.maximumAliasNodes {
            throw error("aliases expand to more than \(Self.maximumAliasNodes) nodes", at: start)
        }
        if depth + anchor.height > Self.maximumDepth {
            throw error("nesting deeper than \(Self.maximumDepth) levels through the alias '*\(name)'", at: start)
        }
        deepest = max(deepest, depth + anchor.height)
        return anchor.value
    }

    /// A scalar's text, as a key is written; `nil` for a collection.
    func scalarText(of value: DocumentValue) -> String? {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text), .string(let text): return text
        case .array, .object: return nil
        }
    }

    // MARK: Scalars

    /// The value of a scalar: by its tag when it has a core one, else by the core schema when
    /// it is plain, else a string.
    mutating func resolveScalar(
        _ text: String, plain: Bool, properties: Properties, at offset: Int
    ) throws(SyntaxError) -> DocumentValue {
        nodeCount += 1
        if properties.tag == "!" { return .string(text) }
        guard let name = coreTagName(properties) else {
            return plain ? try resolvePlain(text, at: offset) : .string(text)
        }
        let value: DocumentValue?
        switch name {
        case "str": value = .string(text)
        case "null": value = Self.nullWords.contains(text) ? .null : nil
        case "bool": value = Self.boolWords[text].map(DocumentValue.bool)
        case "int": value = Self.integerText(text).map(DocumentValue.number)
        case "float":
            if Self.isInfinityOrNaN(text) { throw notJSONNumber(text, at: offset) }
            value = Self.floatText(text).map(DocumentValue.number)
        case "map": value = plain && text.isEmpty ? .object([]) : nil
        default: value = plain && text.isEmpty ? .array([]) : nil
        }
        guard let value else { throw error("'\(text)' is not a valid !!\(name)", at: properties.tagOffset) }
        return value
    }

    static let nullWords: Set<String> = ["", "~", "null", "Null", "NULL"]
    static let boolWords = ["true": true, "True": true, "TRUE": true, "false": false, "False": false, "FALSE": false]

    /// A plain scalar by the core schema: null, a boolean, a number or a string.
    private func resolvePlain(_ text: String, at offset: Int) throws(SyntaxError) -> DocumentValue {
        if Self.nullWords.contains(text) { return .null }
        if let flag = Self.boolWords[text] { return .bool(flag) }
        guard let first = text.utf8.first,
            first == .dash || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        else { return .string(text) }
        if let number = Self.integerText(text) { return .number(number) }
        if Self.isInfinityOrNaN(text) { throw notJSONNumber(text, at: offset) }
        if let number = Self.floatText(text) { return .number(number) }
        return .string(text)
    }

    private func notJSONNumber(_ text: String, at offset: Int) -> SyntaxError {
        error(
            "'\(text)' is not a JSON number: a schema document cannot hold infinity or NaN (quote it for a string)",
            at: offset)
    }

    static func isInfinityOrNaN(_ text: String) -> Bool {
        let unsigned = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        return [".inf", ".Inf", ".INF"].contains(unsigned) || [".nan", ".NaN", ".NAN"].contains(text)
    }

    /// A core-schema integer (`12`, `-3`, `+4`, `0o17`, `0x1F`) as JSON number text, or `nil`.
    static func integerText(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            let digits = bytes[2...]
            if bytes[1] == UInt8(ascii: "o"), digits.allSatisfy({ (0x30...0x37).contains($0) }) {
                return decimal(digits.map { Int($0 - 0x30) }, base: 8)
            }
            if bytes[1] == UInt8(ascii: "x"), let values = hexValues(digits) {
                return decimal(values, base: 16)
            }
        }
        let signed = bytes.first == .dash || bytes.first == UInt8(ascii: "+")
        let digits = bytes.dropFirst(signed ? 1 : 0)
        guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return (bytes.first == .dash ? "-" : "") + withoutLeadingZeros(digits)
    }

    private static func hexValues(_ digits: ArraySlice<UInt8>) -> [Int]? {
        var values: [Int] = []
        for digit in digits {
            guard let value = Character(Unicode.Scalar(digit)).hexDigitValue else { return nil }
            values.append(value)
        }
        return values
    }

    /// Digits in `base` written in decimal, of any length.
    private static func decimal(_ digits: [Int], base: Int) -> String {
        var result = [0]  // decimal digits, least significant first
        for digit in digits {
            var carry = digit
            for index in result.indices {
                let value = result[index] * base + carry
                result[index] = value % 10
                carry = value / 10
            }
            while carry > 0 {
                result.append(carry % 10)
                carry /= 10
            }
        }
        while result.count > 1, result.last == 0 { result.removeLast() }
        return String(result.reversed().map { Character(String($0)) })
    }

    private static func withoutLeadingZeros(_ digits: ArraySlice<UInt8>) -> String {
        let trimmed = digits.drop(while: { $0 == UInt8(ascii: "0") })
        return trimmed.isEmpty ? "0" : String(decoding: trimmed, as: UTF8.self)
    }

    /// A core-schema float (or decimal integer) as JSON number text: the text as written when it
    /// is JSON already, else normalized (`+1` → `1`, `.5` → `0.5`, `1.` → `1.0`); or `nil`.
    static func floatText(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        var index = 0
        func digits() -> ArraySlice<UInt8> {
            let start = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            return bytes[start..<index]
        }
        let negative = bytes.first == .dash
        if negative || bytes.first == UInt8(ascii: "+") { index += 1 }
        let integer = digits()
        var fraction: ArraySlice<UInt8>?
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fraction = digits()
        }
        guard !integer.isEmpty || !(fraction?.isEmpty ?? true) else { return nil }
        var exponent = ""
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            let start = index
            index += 1
            if index < bytes.count, bytes[index] == .dash || bytes[index] == UInt8(ascii: "+") { index += 1 }
            guard !digits().isEmpty else { return nil }
            exponent = String(decoding: bytes[start..<index], as: UTF8.self)
        }
        guard index == bytes.count else { return nil }
        var result = (negative ? "-" : "") + withoutLeadingZeros(integer)
        if let fraction { result += "." + (fraction.isEmpty ? "0" : String(decoding: fraction, as: UTF8.self)) }
        return result + exponent
    }
}
