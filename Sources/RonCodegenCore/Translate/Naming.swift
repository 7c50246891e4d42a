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
        "UInt64", "URL", "UUID", "Void", "CanonicalJSON", "SchemaCoding", "SchemaPattern", "SchemaPatternError",
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
        if !isTypeName(name) {
            let words = schemaName.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
            name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            if let first = name.first, first.isNumber { name = "T" + name }
        }
        if name.isEmpty { return "" }
        return reservedTypeNames.contains(name) || keywords.contains(name) ? name + "Model" : name
    }

    /// Whether `name` can be a Swift type name as written.
    static func isTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isUppercase else { return false }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0)
        }
            && !keywords.contains(name)
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
