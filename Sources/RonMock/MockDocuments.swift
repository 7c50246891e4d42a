import Foundation
import RonCodegenCore

/// The schema folder's documents as read (path relative to the folder → tree), for what the
/// model leaves out: every documented response with its examples, and parameters' constraints.
struct MockDocuments: Sendable {
    let roots: [String: DocumentValue]

    /// A value found in a document: the value and the file it is in (refs inside it are relative to
    /// that file), and where (`file#/pointer`).
    struct Located: Sendable {
        var value: DocumentValue
        var file: String
        var pointer: String

        var origin: String { file + "#" + pointer }

        /// The member `key`, located below this value.
        func member(_ key: String) -> Located? {
            guard let found = value.member(key) else { return nil }
            return Located(value: found, file: file, pointer: pointer + "/" + MockDocuments.escape(key))
        }

        /// The element at `index` of an array, located.
        func element(_ index: Int) -> Located? {
            guard case .array(let items) = value, items.indices.contains(index) else { return nil }
            return Located(value: items[index], file: file, pointer: pointer + "/\(index)")
        }
    }

    /// The value at `pointer` of `file`, or `nil`.
    func value(file: String, pointer: String) -> Located? {
        guard var value = roots[file] else { return nil }
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = String(token).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let next = value.member(key) {
                value = next
            } else if case .array(let items) = value, let index = Int(key), items.indices.contains(index) {
                value = items[index]
            } else {
                return nil
            }
        }
        return Located(value: value, file: file, pointer: pointer)
    }

    /// `located` with its `$ref` followed (to any document of the folder), up to 16 times; the
    /// value itself when it has no `$ref` or the target is not in the folder.
    func resolve(_ located: Located) -> Located {
        var current = located
        for _ in 0..<16 {
            guard let reference = current.value.member("$ref")?.text,
                let target = target(of: reference, from: current.file)
            else { return current }
            current = target
        }
        return current
    }

    /// The name a `$ref` gives its target (the last token of its pointer: `Gadget` of
    /// `gadgets.schema.json#/$defs/Gadget`), or `nil` without one.
    static func referencedName(_ value: DocumentValue) -> String? {
        guard let reference = value.member("$ref")?.text, let hash = reference.firstIndex(of: "#") else { return nil }
        let pointer = reference[reference.index(after: hash)...]
        return pointer.split(separator: "/").last.map { $0.replacingOccurrences(of: "~1", with: "/") }
    }

    private func target(of reference: String, from file: String) -> Located? {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let pointer = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : ""
        var document = file
        if let name = parts.first, !name.isEmpty {
            let folder = (file as NSString).deletingLastPathComponent
            document = ((folder as NSString).appendingPathComponent(String(name)) as NSString).standardizingPath
            if document.hasPrefix("./") { document.removeFirst(2) }
        }
        return value(file: document, pointer: pointer)
    }

    static func escape(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}

extension DocumentValue {
    /// The member named `key` of an object, or `nil`.
    func member(_ key: String) -> DocumentValue? {
        if case .object(let members) = self { return members.first { $0.key == key }?.value }
        return nil
    }

    /// The members of an object, or `nil`.
    var objectMembers: [(key: String, value: DocumentValue)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The text of a string, or `nil`.
    var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A number's value, or `nil`.
    var numberValue: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }
}
