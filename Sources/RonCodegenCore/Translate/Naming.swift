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

    /// An identifier as it must be written in Swift source.
    static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
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
