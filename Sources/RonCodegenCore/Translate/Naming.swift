/// Turns wire names into Swift names.
enum Naming {
    /// Swift's reserved words that need back-ticks as identifiers.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "consume", "borrowing", "consuming", "some", "any", "Type",
    ]

    /// `next_page_token` → `nextPageToken`; `text/plain` → `textPlain`; `2fa` → `_2fa`.
    static func lowerCamel(_ wire: String) -> String {
        if let bytes = asciiBytes(wire) { return asciiLowerCamel(bytes) }
        var words: [String] = []
        var current = ""
        for character in wire {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        guard let first = words.first else { return "" }
        var result = lowercasedHead(first)
        for word in words.dropFirst() {
            result += word.prefix(1).uppercased() + word.dropFirst()
        }
        if let head = result.first, head.isNumber { result = "_" + result }
        return result
    }

    /// A member (property, case) name for `wire` that collides with nothing in `taken` (which it
    /// joins) and is none of `reserved` (names the generator itself declares on that type):
    /// lowerCamel, `value` when the wire name has no letter or digit, `Case` added to a reserved
    /// name, then `2`, `3`, ... until it is free. The wire name itself is kept apart, exactly.
    static func member(
        _ wire: String, taken: inout Set<String>, reserved: Set<String> = [], suffix reservedSuffix: String = "Case"
    ) -> String {
        var base = lowerCamel(wire)
        if base.isEmpty { base = "value" }
        if reserved.contains(base) { base += reservedSuffix }
        return SchemaTranslator.unique(base, taken: &taken)
    }

    /// An identifier as it must be written in Swift source.
    static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// Type names the generated module must not declare: they would shadow what the generated code
    /// and its users rely on (Swift, Foundation, the runtime of `RonGenerated`).
    static let reservedTypeNames: Set<String> = Set<String>([
        "Any", "AnyObject", "Array", "Bool", "Codable", "CodingKey", "Data", "Date", "Decimal", "Decodable",
        "Decoder", "Dictionary", "Double", "Encodable", "Encoder", "Equatable", "Error", "Float", "Hashable",
        "Int", "Int8", "Int16", "Int32", "Int64", "JSONDecoder", "JSONEncoder", "JSONValue", "Never", "Optional",
        "Protocol", "Result", "Self", "Sendable", "Set", "String", "Type", "UInt", "UInt8", "UInt16", "UInt32",
        "UInt64", "URL", "UUID", "Void", "CanonicalJSON", "SchemaCoding", "SchemaEquality", "SchemaPattern",
        "SchemaPatternError",
        "WireBase64URL", "WireInt64String", "WireUInt64String", "WireTimestamp", "RonSchemaCatalog", "SchemaBox",
        "SchemaIndexKey", "SchemaVariantKey", "SchemaMemberKey",
        // What the generated code names of the runtime and the client: a schema type of one of these
        // names would shadow it in the module that holds both (a vendor's `AppResponse`).
        "AppRequest", "AppRequestBody", "AppResponse", "AsyncThrowingStream", "CodingKeys", "DecodingError",
        "EncodingError", "FacetClient", "JSONInteger", "LocalNetworkError", "NoContent", "PageSequence",
        "RonBodySource", "RonClient", "RonDownloadOptions", "RonDownloadResult", "RonProgressReporter", "RonConfig",
        "RonCookie", "RonFixtures", "RonFormField", "RonHeaders",
        "RonMultipartFile", "RonMultipartForm", "RonOperationCatalog", "RonOperationInfo", "RonPath",
        "RonQuery", "RonStreamedResponse", "RonSubscriptionOptions", "RonTypeCatalog", "RonTypeCatalogEntry",
        "SchemaArrayFitting",
        "SchemaFit", "SchemaFitting", "SchemaListing", "SchemaNullFitting", "SchemaObjectFitting", "SchemaOpenEnum",
        "SchemaPresence", "SchemaTagFitting", "SchemaTextFitting", "SchemaTextValue", "SchemaUnlistedKey",
        "SchemaUntaggedFitting", "SchemaUntaggedValue", "URLQueryItem", "CompiledSchemaPattern", "HTTPMethod",
        "RFC3339",
        // What the generated security schemes and credentials name.
        "RonSecurityScheme", "RonSecurityRequirement", "RonOAuth2Flows", "RonCredentials", "RonCredential",
        "RonCredentialSet", "RonBasicCredential", "RonOAuth2TokenSource",
    ]).union((1...64).map { "SchemaMemberKey\($0)" })  // the key enums of the plugin's files

    /// The Swift type name for a schema name: a usable UpperCamel name is kept as written
    /// (`ItemPage`, `Page_for_Item`); anything else is made one (`item-page` → `ItemPage`,
    /// `2fa` → `T2fa`); a reserved name gets `Model` added (`Error` → `ErrorModel`). Empty when
    /// the name has no letter or digit.
    static func typeName(_ schemaName: String) -> String {
        var name = schemaName
        if let bytes = asciiBytes(schemaName) {
            if !isASCIITypeName(bytes) { name = asciiTypeName(bytes) }
        } else if !isTypeName(name) {
            let words = schemaName.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
            name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            if let first = name.first, first.isNumber { name = "T" + name }
        }
        if name.isEmpty { return "" }
        return reservedTypeNames.contains(name) || keywords.contains(name) ? name + "Model" : name
    }

    /// Whether `name` can be a Swift type name as written.
    static func isTypeName(_ name: String) -> Bool {
        if let bytes = asciiBytes(name) { return isASCIITypeName(bytes) }
        guard let first = name.unicodeScalars.first, first.properties.isUppercase else { return false }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0)
        }
            && !keywords.contains(name)
    }

    // ASCII names, the most common by far, byte by byte: the Character-based forms below ran
    // Unicode property lookups and generic code per character in a debug build (the build
    // plugin's tool), for every member and type name of a description.

    /// The UTF-8 of `text` when it is all ASCII.
    private static func asciiBytes(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { buffer in
            var position = 0
            while position < buffer.count {
                if buffer[position] >= 0x80 { return nil }
                position += 1
            }
            return Array(buffer)
        }
    }

    private static func isASCIIUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    private static func isASCIILower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    private static func isASCIIDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        isASCIIUpper(byte) || isASCIILower(byte) || isASCIIDigit(byte)
    }

    /// The runs of letters and digits of an ASCII name.
    private static func asciiWords(_ bytes: [UInt8]) -> [[UInt8]] {
        var words: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in bytes {
            if isASCIIAlphanumeric(byte) {
                current.append(byte)
            } else if !current.isEmpty {
                words.append(current)
                current = []
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// ``lowerCamel(_:)`` of an ASCII name.
    private static func asciiLowerCamel(_ bytes: [UInt8]) -> String {
        let words = asciiWords(bytes)
        guard var result = words.first else { return "" }
        // `HTTPStatus` → `httpStatus`, `Draft` → `draft`, `ID` → `id`.
        var upperRun = 0
        while upperRun < result.count, isASCIIUpper(result[upperRun]) { upperRun += 1 }
        let lowered = upperRun == 1 || upperRun == result.count ? upperRun : upperRun - 1
        for position in 0..<max(lowered, 0) { result[position] += 0x20 }
        for var word in words.dropFirst() {
            if isASCIILower(word[0]) { word[0] -= 0x20 }
            result += word
        }
        if isASCIIDigit(result[0]) { result.insert(UInt8(ascii: "_"), at: 0) }
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether an ASCII name can be a Swift type name as written (``isTypeName(_:)``).
    private static func isASCIITypeName(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first, isASCIIUpper(first) else { return false }
        for byte in bytes where !isASCIIAlphanumeric(byte) && byte != UInt8(ascii: "_") { return false }
        return !keywords.contains(String(decoding: bytes, as: UTF8.self))
    }

    /// The words of an ASCII name, each with its first letter upper-cased, joined; `T` before a
    /// leading digit.
    private static func asciiTypeName(_ bytes: [UInt8]) -> String {
        var name: [UInt8] = []
        for var word in asciiWords(bytes) {
            if isASCIILower(word[0]) { word[0] -= 0x20 }
            name += word
        }
        if let first = name.first, isASCIIDigit(first) { name.insert(UInt8(ascii: "T"), at: 0) }
        return String(decoding: name, as: UTF8.self)
    }

    /// `HTTPStatus` → `httpStatus`, `Draft` → `draft`, `draft` → `draft`.
    private static func lowercasedHead(_ word: String) -> String {
        let characters = Array(word)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        if upperRun == 0 { return word }
        if upperRun == 1 || upperRun == characters.count {
            return word.prefix(upperRun).lowercased() + word.dropFirst(upperRun)
        }
        return word.prefix(upperRun - 1).lowercased() + word.dropFirst(upperRun - 1)
    }
}
