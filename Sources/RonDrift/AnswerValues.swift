import Foundation
import RonCodegenCore

/// Values drift takes from the answers it has had, to call the operations that need a value only
/// the server knows (`/flows/{id}` after `/flows`).
///
/// Every answer is walked (the first items of each list, a few levels deep) and each scalar member
/// is kept by name with where it came from. An answer is also kept by the collection it lists: its
/// path (`/buckets/{bucket_id}/collections`, or the path a search is below:
/// `/flows/filter` lists `/flows`) with the values its own path parameters had, so
/// `/buckets/{bucket_id}/collections/{id}` takes an `id` of the collections of the bucket it names.
struct AnswerValues {
    /// One value found, and where: `listFlows /0/id`.
    struct Found: Equatable {
        var text: String
        var source: String
    }

    /// The scalar members of one answer, by member name, in the order found.
    private struct Harvest {
        var collection: String
        var bindings: [String: String]
        var members: [String: [Found]]
        /// The members of the answer's top-level items (or of the answer itself, an object).
        var itemMembers: [String: [Found]]
    }

    private var harvests: [Harvest] = []

    /// Keeps what `body` (the answer of `operationId`, called on `template` with the path values
    /// `bindings`) holds.
    mutating func add(_ body: Data, operationId: String, template: String, bindings: [String: String]) {
        guard let value = try? SchemaDocumentReader.parse(body, path: "answer.json") else { return }
        var members: [String: [Found]] = [:]
        Self.walk(value, pointer: "", depth: 0, source: operationId, into: &members)
        var items: [String: [Found]] = [:]
        for (pointer, item) in Self.items(of: value) {
            guard let fields = item.objectMembers else { continue }
            for (key, member) in fields {
                if let text = Self.scalar(member) {
                    items[key, default: []].append(Found(text: text, source: "\(operationId) \(pointer)/\(key)"))
                }
            }
        }
        harvests.append(
            Harvest(
                collection: Self.collection(of: template), bindings: bindings, members: members, itemMembers: items))
    }

    /// Values for the path parameter `name` of `template`, given the values already chosen for the
    /// parameters before it, best first: the items of the collection the parameter names listed
    /// under the same parents (`strong`), then members of any answer named as the parameter is.
    func pathValues(_ name: String, in template: String, chosen: [String: String]) -> [(found: Found, strong: Bool)] {
        let segments = template.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var result: [(found: Found, strong: Bool)] = []
        var seen: Set<String> = []
        func add(_ found: Found, strong: Bool) {
            if result.count < 5, seen.insert(found.text).inserted { result.append((found, strong)) }
        }
        if let index = segments.firstIndex(of: "{\(name)}") {
            // The collection the parameter names; for a route by another key below it
            // (`/flows/name/{name}`, `/block_types/slug/{slug}`) the collection above.
            var collections = [Self.collection(of: segments[..<index].joined(separator: "/"))]
            var above = index
            while above > 1, collections.count < 3, !segments[above - 1].hasPrefix("{") {
                above -= 1
                collections.append(Self.collection(of: segments[..<above].joined(separator: "/")))
            }
            let wanted = Self.memberNames(for: name)
            for collection in collections where collection != "/" {
                for harvest in harvests where harvest.collection == collection {
                    guard harvest.bindings.allSatisfy({ chosen[$0.key] == nil || chosen[$0.key] == $0.value }) else {
                        continue
                    }
                    for member in wanted {
                        guard let found = harvest.itemMembers[member], !found.isEmpty else { continue }
                        for value in found { add(value, strong: true) }
                        break
                    }
                }
            }
        }
        for spelling in Self.spellings(of: name) {
            for harvest in harvests {
                for value in harvest.members[spelling] ?? [] { add(value, strong: false) }
            }
        }
        return result
    }

    /// The first value of a member named as the parameter `name` is (`flow_id`, `flowId`) in any answer.
    func memberValue(_ name: String) -> Found? {
        let names = Self.spellings(of: name)
        for harvest in harvests {
            for spelling in names {
                if let found = harvest.members[spelling]?.first { return found }
            }
        }
        return nil
    }

    /// The members an item's own identifier may have for a parameter: itself, then `id` for
    /// `id`-like names, `name` for name-like ones.
    static func memberNames(for parameter: String) -> [String] {
        var names = spellings(of: parameter)
        let lower = parameter.lowercased()
        if lower.hasSuffix("name") { names.append("name") }
        if lower == "key" || lower.hasSuffix("_key") || lower.hasSuffix("key") { names += ["key", "name"] }
        names += ["id", "uuid", "name", "slug", "key"]
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }

    /// `flow_id`, `flowId` and `flowID` for any one of them.
    static func spellings(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in name {
            if character == "_" || character == "-" {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else if character.isUppercase, !current.isEmpty, !(current.last?.isUppercase ?? false) {
                words.append(current)
                current = String(character)
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        let lower = words.map { $0.lowercased() }
        guard let first = lower.first else { return [name] }
        let snake = lower.joined(separator: "_")
        let camel = first + lower.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        let kebab = lower.joined(separator: "-")
        var result = [name]
        for spelling in [snake, camel, camel.replacingOccurrences(of: "Id", with: "ID"), kebab]
        where !result.contains(spelling) {
            result.append(spelling)
        }
        return result
    }

    /// The collection an operation's path lists: the path itself, or for a search below it
    /// (`/flows/filter`, `/flows/search`, `/flows/count`) the path above; the parameter names are
    /// kept, so two templates of one collection compare equal.
    static func collection(of template: String) -> String {
        var segments = template.split(separator: "/").map(String.init)
        if let last = segments.last, searchWords.contains(last.lowercased()), segments.count > 1 {
            segments.removeLast()
        }
        return "/" + segments.joined(separator: "/")
    }

    /// The last path segments of a search that reads a collection with a POST.
    static let searchWords: Set<String> = [
        "filter", "search", "query", "find", "list", "paginate", "count", "_search", "_query",
    ]

    /// The top-level items of an answer: a list's elements, or those of the first list member of an
    /// object (`items`, `data`, `results`), or the object itself.
    private static func items(of value: DocumentValue) -> [(String, DocumentValue)] {
        if case .array(let list) = value {
            return list.prefix(5).enumerated().map { ("/\($0.offset)", $0.element) }
        }
        if let members = value.objectMembers {
            for (key, member) in members {
                if case .array(let list) = member, list.contains(where: { $0.objectMembers != nil }) {
                    return list.prefix(5).enumerated().map {
                        ("/\(DescriptionDocuments.escape(key))/\($0.offset)", $0.element)
                    }
                }
            }
            return [("", value)]
        }
        return []
    }

    private static func walk(
        _ value: DocumentValue, pointer: String, depth: Int, source: String, into found: inout [String: [Found]]
    ) {
        guard depth < 6 else { return }
        switch value {
        case .array(let list):
            for (index, item) in list.prefix(5).enumerated() {
                walk(item, pointer: pointer + "/\(index)", depth: depth + 1, source: source, into: &found)
            }
        case .object(let members):
            for (key, member) in members {
                let at = pointer + "/" + DescriptionDocuments.escape(key)
                if let text = scalar(member) {
                    if (found[key]?.count ?? 0) < 5 {
                        found[key, default: []].append(Found(text: text, source: "\(source) \(at)"))
                    }
                } else {
                    walk(member, pointer: at, depth: depth + 1, source: source, into: &found)
                }
            }
        default: break
        }
    }

    /// A member's value as a path or query value: strings that fit in a URL segment, and numbers.
    private static func scalar(_ value: DocumentValue) -> String? {
        switch value {
        case .string(let text) where !text.isEmpty && text.count <= 200 && !text.contains("\n"): text
        case .number(let text): text
        default: nil
        }
    }
}
