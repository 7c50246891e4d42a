import Foundation
import RonCodegenCore

/// One operation of the schema as the mock serves it: its route (the server path and the path
/// template) and where it is written, for its documented responses.
struct MockRoute: Sendable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        /// A `{name}`; a tail (`x-ron-path-tail`) takes every remaining segment.
        case parameter(String, tail: Bool)
    }

    let operation: RonCodegenCore.Operation
    let segments: [Segment]
    /// The operation object in its document, and its path item (for shared parameters).
    let node: MockDocuments.Located?
    let pathItem: MockDocuments.Located?

    init(operation: RonCodegenCore.Operation, documents: MockDocuments) {
        self.operation = operation
        let tails = Set(operation.parameters.filter(\.pathTail).map(\.name))
        let template = (operation.serverPath + operation.path).split(separator: "/").map(String.init)
        segments = template.map { part in
            guard part.hasPrefix("{"), part.hasSuffix("}") else { return .literal(part) }
            let name = String(part.dropFirst().dropLast())
            return .parameter(name, tail: tails.contains(name))
        }
        node = documents.value(file: operation.origin.file, pointer: operation.origin.pointer)
        let parent = operation.origin.pointer.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/")
        pathItem = documents.value(file: operation.origin.file, pointer: parent)
    }

    /// The route as written (`GET /v1/gadgets/{gadget_id}`).
    var description: String { "\(operation.method) \(operation.serverPath)\(operation.path)" }

    /// How many segments are literal: a literal segment beats a parameter where both match.
    var literalCount: Int { segments.filter { if case .literal = $0 { true } else { false } }.count }

    /// The path parameters of `path` (decoded segments), or `nil` when the route does not match.
    func match(_ path: [String]) -> [String: String]? {
        var values: [String: String] = [:]
        var index = 0
        for segment in segments {
            switch segment {
            case .literal(let text):
                guard index < path.count, path[index] == text else { return nil }
                index += 1
            case .parameter(let name, let tail):
                guard index < path.count else { return nil }
                if tail {
                    values[name] = path[index...].joined(separator: "/")
                    index = path.count
                } else {
                    values[name] = path[index]
                    index += 1
                }
            }
        }
        return index == path.count ? values : nil
    }

    /// The first two routes of different documents that take the same requests (one method, the
    /// same segments; parameters match whatever their names), as an error message naming both
    /// operations and the route; `nil` when there are none. The mock could answer only one of
    /// them, so it refuses to serve the folder rather than answer the other's requests wrongly.
    /// (Routes of one document that coincide are that document's to settle: the first is served.)
    static func clash(in routes: [MockRoute]) -> String? {
        var seen: [String: MockRoute] = [:]
        for route in routes {
            let shape = route.segments.map { segment -> String in
                switch segment {
                case .literal(let text): "=" + text
                case .parameter(_, let tail): tail ? "**" : "*"
                }
            }
            let key = route.operation.method + " /" + shape.joined(separator: "/")
            guard let first = seen[key] else {
                seen[key] = route
                continue
            }
            guard first.operation.origin.file != route.operation.origin.file else { continue }
            return "\(first.description) is an operation of two documents: \(first.operation.origin) "
                + "(\(first.operation.operationId)) and \(route.operation.origin) (\(route.operation.operationId)); "
                + "the mock could answer only one of them. Give the documents different server paths "
                + "('servers' of OpenAPI 3, 'basePath' of Swagger 2.0), or serve them from two folders"
        }
        return nil
    }

    /// The documented answers in document order: status (`200`, `4XX`, `default`) and the response
    /// object with its `$ref` followed.
    func responses(in documents: MockDocuments) -> [(status: String, response: MockDocuments.Located)] {
        guard let responses = node.flatMap({ documents.resolve($0).member("responses") }),
            let members = responses.value.objectMembers
        else { return [] }
        return members.compactMap { member in
            responses.member(member.key).map { (member.key, documents.resolve($0)) }
        }
    }

    /// The parameter object named `name` in `location` (of the operation, else of its path item),
    /// with its `$ref` followed.
    func parameterNode(_ name: String, in location: String, documents: MockDocuments) -> MockDocuments.Located? {
        for owner in [node.map(documents.resolve), pathItem].compactMap({ $0 }) {
            guard let list = owner.member("parameters"), case .array(let items) = list.value else { continue }
            for index in items.indices {
                guard let entry = list.element(index).map(documents.resolve) else { continue }
                if entry.value.member("name")?.text == name, entry.value.member("in")?.text == location {
                    return entry
                }
            }
        }
        return nil
    }
}
