import Foundation
import Testing

@testable import RonCodegenCore

/// The reference keyword of a schema (`SchemaNormalizer.referenceMember(_:)`): the same one on every
/// run, whatever the order its members are written in.
@Suite("A schema's reference keyword")
struct ReferenceMemberTests {
    @Test func refComesBeforeDynamicRefAndRecursiveRef() {
        let members: [(key: String, value: DocumentValue)] = [
            ("$recursiveRef", .string("#r")), ("$dynamicRef", .string("#d")), ("$ref", .string("#/x")),
            ("description", .string("d")),
        ]
        // Every order of the four members.
        func orders(_ rest: [(key: String, value: DocumentValue)]) -> [[(key: String, value: DocumentValue)]] {
            guard !rest.isEmpty else { return [[]] }
            return rest.indices.flatMap { index in
                var others = rest
                let first = others.remove(at: index)
                return orders(others).map { [first] + $0 }
            }
        }
        for order in orders(members) {
            let found = SchemaNormalizer.referenceMember(.object(order))
            #expect(found?.key == "$ref" && found?.ref == "#/x", "\(order.map(\.key))")
            let withoutRef = SchemaNormalizer.referenceMember(.object(order.filter { $0.key != "$ref" }))
            #expect(withoutRef?.key == "$dynamicRef" && withoutRef?.ref == "#d", "\(order.map(\.key))")
        }
        // A keyword whose value is not a string names nothing; the next one is read.
        let numeric = SchemaNormalizer.referenceMember(
            .object([("$ref", .number("1")), ("$recursiveRef", .string("#"))]))
        #expect(numeric?.key == "$recursiveRef")
        #expect(SchemaNormalizer.referenceMember(.object([("description", .string("d"))])) == nil)
        #expect(SchemaNormalizer.referenceMember(.string("$ref")) == nil)
    }
}
