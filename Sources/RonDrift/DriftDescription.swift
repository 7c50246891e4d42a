import Foundation

/// What a drift report shows of an answer: where a decoding failure is and what the schema
/// expected there, and the value that came.
enum DriftDescription {
    static func location(of error: any Error) -> (pointer: String, expected: String) {
        guard let error = error as? DecodingError else { return ("", "\(error)") }
        switch error {
        case .typeMismatch(let type, let context):
            return (pointer(context.codingPath), words(type))
        case .valueNotFound(let type, let context):
            return (pointer(context.codingPath), words(type) + ", not null")
        case .keyNotFound(let key, let context):
            return (pointer(context.codingPath + [key]), "the required member '\(key.stringValue)'")
        case .dataCorrupted(let context):
            return (pointer(context.codingPath), context.debugDescription)
        @unknown default:
            return ("", "\(error)")
        }
    }

    /// What a decoder expected, in words (`a Bool`, `an Int32`, `an object`, `an array`).
    static func words(_ type: Any.Type) -> String {
        let name = "\(type)"
        if name.hasPrefix("Dictionary<") || name.contains("KeyedDecodingContainer") { return "an object" }
        if name.hasPrefix("Array<") || name.contains("UnkeyedDecodingContainer") { return "an array" }
        return ("AEIOaeio".contains(name.first ?? "x") ? "an " : "a ") + name
    }

    static func pointer(_ path: [any CodingKey]) -> String {
        path.map { key in
            "/"
                + (key.intValue.map(String.init) ?? key.stringValue)
                .replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        }.joined()
    }

    /// A short rendering of the value at `pointer` in `body` (`nothing` when there is none).
    static func value(at pointer: String, in body: Data) -> String {
        guard var value = try? JSONSerialization.jsonObject(with: body, options: .fragmentsAllowed) else {
            return "not JSON: " + String(decoding: body.prefix(60), as: UTF8.self)
        }
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let object = value as? [String: Any], let next = object[key] {
                value = next
            } else if let array = value as? [Any], let index = Int(key), array.indices.contains(index) {
                value = array[index]
            } else {
                return "nothing"
            }
        }
        if value is NSNull { return "null" }
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys])
        else { return "\(value)" }
        let text = String(decoding: data, as: UTF8.self)
        return text.count > 80 ? text.prefix(77) + "..." : text
    }
}
