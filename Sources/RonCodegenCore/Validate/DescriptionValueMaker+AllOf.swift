import Foundation

extension DescriptionValueMaker {
    /// The value of an `allOf` (`parts`, of `schema`): the objects its parts make, merged (the
    /// first part that makes a member gives it), and the schema's own `properties` beside them. A
    /// member a part requires without describing it is made up from the part that describes it.
    mutating func allOf(
        _ parts: DescriptionDocuments.Located, schema: DescriptionDocuments.Located, depth: Int
    ) -> DocumentValue {
        guard case .array(let items) = parts.value else { return .object([]) }
        let node = schema.value
        var merged: [(key: String, value: DocumentValue)] = []
        // Members a part requires without a schema of them (another part has it): placeholders,
        // which the value of the part that describes them replaces.
        var placeholders: Set<String> = []
        var other: DocumentValue?
        for offset in items.indices {
            guard let part = parts.element(offset) else { continue }
            let described = Set(documents.resolve(part).value.member("properties")?.objectMembers?.map(\.key) ?? [])
            switch value(part, depth: depth + 1) {
            case .object(let members):
                for member in members {
                    if let index = merged.firstIndex(where: { $0.key == member.key }) {
                        guard placeholders.contains(member.key), described.contains(member.key) else { continue }
                        merged[index].value = member.value
                        placeholders.remove(member.key)
                    } else {
                        merged.append(member)
                        if !described.contains(member.key) { placeholders.insert(member.key) }
                    }
                }
            case let value: other = other ?? value
            }
        }
        // A placeholder another part describes without requiring it: made up from that schema.
        let described = items.indices.compactMap { parts.element($0).map(documents.resolve) }
        for name in placeholders.sorted() {
            guard let index = merged.firstIndex(where: { $0.key == name }),
                let property = described.compactMap({ $0.member("properties")?.member(name) }).first
            else { continue }
            merged[index].value = value(property, depth: depth + 1)
        }
        let own = node.member("properties") != nil ? object(schema, depth: depth) : .object([])
        for member in own.objectMembers ?? [] where !merged.contains(where: { $0.key == member.key }) {
            merged.append(member)
        }
        return merged.isEmpty ? (other ?? .object([])) : .object(merged)
    }
}
