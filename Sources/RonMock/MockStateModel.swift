import Foundation
import RonCodegenCore

/// The collections the mock keeps state for, inferred from the routes and their methods: a
/// collection route `C` (GET lists, POST creates) and an item route `C/{param}` (GET shows, PUT
/// replaces, PATCH, or POST with a JSON body, merges, DELETE removes), nested ones too
/// (`/owners/{ownerId}/pets` and `/owners/{ownerId}/pets/{petId}`: items are kept per parent). A
/// path is a collection when it has two of a create, a list and item routes; a GET of `C/literal`
/// whose answer lists the collection's item type is a search of it.
struct MockStateModel: Sendable {
    /// What a route does to its collection.
    enum Role: Sendable {
        case list, search, create, show, replace, merge, remove
        /// A PUT or PATCH of the collection path whose body names the item by its id (`PUT /pet`).
        case replaceNamed, mergeNamed
    }

    /// How a created item's id is made.
    enum IdKind: Sendable {
        /// 1, 2, ...: the next after the largest in the collection and the last assigned.
        case integer
        /// A UUID, from a counter and the seed.
        case uuid
        /// Text: `"1"`, `"2"`, ..., or on from the collection's `i-1`, `i-2` (a common prefix).
        case text
    }

    /// One collection of items.
    struct Collection: Sendable {
        /// The collection path with each parameter as `{}` (`/v1/owners/{}/pets`): keys its id counter.
        var key: String
        /// How many segments the collection path has.
        var depth: Int
        /// The last literal segment of the collection path (`pets`), for envelope members.
        var name: String
        /// The routes that list, create and show, if any.
        var list: MockRoute?
        var create: MockRoute?
        var show: MockRoute?
        /// The searches (`GET /pet/findByStatus`).
        var searches: [MockRoute] = []
        /// The schema of one item, if the description gives one.
        var item: MockDocuments.Located?
        /// The members that may hold an item's id, in order (``MockStateModel/idCandidates(_:)``).
        var idNames: [String] = ["id"]
        /// The item's member holding its id (`petId`, `pet_id`, `id`), if it has one.
        var idMember: String?
        var idKind: IdKind = .text
        /// The item route's parameter's `example` (`i-1`): new text ids take its prefix.
        var idExample: String?
        /// The parameter of each segment of the collection path, by position (`ownerId`); `nil`
        /// for a literal segment. A created item's member named like one is set to its value.
        var parents: [String?] = []
        /// The fixtures folder of the item type (`Pet`).
        var folder: String?
    }

    let collections: [Collection]
    /// Route (``MockRoute/description``) → its collection (an index of ``collections``) and role.
    let roles: [String: (collection: Int, role: Role)]

    /// The model of no collection (the stateless mock).
    init() {
        collections = []
        roles = [:]
    }

    /// The collections of `routes`, their schemas read in `documents`.
    init(routes: [MockRoute], documents: MockDocuments) {
        let schemas = MockStateSchemas(documents: documents)
        // Collection path key → its routes at the path, below it (`C/{}`), and beside it (`C/literal`).
        var atPath: [String: [MockRoute]] = [:]
        var itemsOf: [String: [MockRoute]] = [:]
        var besides: [String: [MockRoute]] = [:]
        for route in routes where route.operation.fixedQuery == nil {
            guard let parts = Self.shape(route.segments) else { continue }
            atPath[Self.key(parts), default: []].append(route)
            guard !parts.isEmpty else { continue }
            let parent = Self.key(Array(parts.dropLast()))
            if parts.last == "{}" {
                itemsOf[parent, default: []].append(route)
            } else if route.operation.method == "GET" {
                besides[parent, default: []].append(route)
            }
        }
        var collections: [Collection] = []
        var roles: [String: (collection: Int, role: Role)] = [:]
        for key in Set(atPath.keys).union(itemsOf.keys).sorted() {
            let here = atPath[key] ?? []
            let below = itemsOf[key] ?? []
            guard
                var collection = Self.collection(
                    key: key, here: here, below: below, besides: besides[key] ?? [], schemas: schemas)
            else { continue }
            let index = collections.count
            var assigned: [(MockRoute, Role)] = []
            if let list = collection.list { assigned.append((list, .list)) }
            if let create = collection.create { assigned.append((create, .create)) }
            for route in collection.searches { assigned.append((route, .search)) }
            for route in here where collection.idMember != nil {
                if route.operation.method == "PUT" { assigned.append((route, .replaceNamed)) }
                if route.operation.method == "PATCH" { assigned.append((route, .mergeNamed)) }
            }
            for route in below where collection.idMember != nil {
                switch route.operation.method {
                case "GET": assigned.append((route, .show))
                case "PUT": assigned.append((route, .replace))
                case "PATCH": assigned.append((route, .merge))
                case "POST" where route.operation.requestBody.map({ MockStateSchemas.isJSON($0.contentType) }) == true:
                    assigned.append((route, .merge))
                case "DELETE": assigned.append((route, .remove))
                default: break
                }
            }
            collection.searches = collection.searches.filter { roles[$0.description] == nil }
            for (route, role) in assigned where roles[route.description] == nil {
                roles[route.description] = (index, role)
            }
            collections.append(collection)
        }
        self.collections = collections
        self.roles = roles
    }

    /// The collection and role of `route`, or `nil` when it keeps no state.
    func role(of route: MockRoute) -> (collection: Collection, role: Role)? {
        guard let found = roles[route.description] else { return nil }
        return (collections[found.collection], found.role)
    }

    /// A route's segments with each parameter as `{}`; `nil` for one with a path tail.
    private static func shape(_ segments: [MockRoute.Segment]) -> [String]? {
        var parts: [String] = []
        for segment in segments {
            switch segment {
            case .literal(let text): parts.append(text)
            case .parameter(_, let tail):
                if tail { return nil }
                parts.append("{}")
            }
        }
        return parts
    }

    private static func key(_ parts: [String]) -> String { "/" + parts.joined(separator: "/") }

    /// The collection at `key`, or `nil` when its routes do not make one.
    private static func collection(
        key: String, here: [MockRoute], below: [MockRoute], besides: [MockRoute], schemas: MockStateSchemas
    ) -> Collection? {
        let depth = key == "/" ? 0 : key.split(separator: "/").count
        let name = key.split(separator: "/").last { $0 != "{}" }.map(String.init) ?? ""
        let create = here.first { $0.operation.method == "POST" }
        let show = below.first { $0.operation.method == "GET" }
        let listed = here.first { $0.operation.method == "GET" }
        let itemParameters = below.compactMap { route -> String? in
            if case .parameter(let name, _)? = route.segments.last { return name }
            return nil
        }
        var ids: [String] = []
        for parameter in itemParameters.isEmpty ? [nil] : itemParameters.map(Optional.some) {
            for candidate in idCandidates(parameter) where !ids.contains(candidate) { ids.append(candidate) }
        }
        // The item's schema: the show's answer, else the create's (an envelope's member), else the list's items.
        var item: MockDocuments.Located?
        // The fixtures folder of the item type: the type a bare answer's generated call decodes.
        var folder: String?
        for route in [show, create].compactMap({ $0 }) {
            guard let schema = success(of: route, schemas)?.schema else { continue }
            let single = schemas.single(schema, ids: ids, name: name)
            item = single.item
            if single.member == nil { folder = MockAPI.folder(of: route.operation.result)?.name }
            break
        }
        var list: MockRoute?
        // A list of items: of objects (not of ids, strings or numbers).
        if let listed, let schema = success(of: listed, schemas)?.schema,
            let shape = schemas.listShape(of: schema, item: item.map(schemas.origin), name: name),
            !["string", "integer", "number", "boolean"].contains(schemas.kind(of: shape.items))
        {
            list = listed
            item = item ?? shape.items
            if folder == nil, shape.member == nil, let found = MockAPI.folder(of: listed.operation.result), found.list {
                folder = found.name
            }
        }
        let makes = create != nil && (list != nil || !below.isEmpty)
        guard makes || (list != nil && !below.isEmpty) else { return nil }
        var collection = Collection(key: key, depth: depth, name: name, list: list, create: create, show: show)
        collection.item = item
        collection.idNames = ids
        collection.folder = folder ?? item.flatMap { MockDocuments.referencedName($0.value) }
        if let item {
            let origin = schemas.origin(item)
            collection.searches = besides.filter { route in
                guard let schema = success(of: route, schemas)?.schema,
                    let shape = schemas.listShape(of: schema, item: origin, name: name)
                else { return false }
                return schemas.origin(shape.items) == origin
            }
            let members = schemas.properties(of: item)
            if members.isEmpty {
                collection.idMember = "id"
            } else if let found = ids.first(where: { id in members.contains { $0.name == id } }),
                let member = members.first(where: { $0.name == found })
            {
                collection.idMember = found
                collection.idKind = idKind(of: member.schema, schemas)
            }
        } else {
            collection.idMember = "id"
        }
        if let route = below.first, case .parameter(let parameter, _)? = route.segments.last {
            let node = route.parameterNode(parameter, in: "path", documents: schemas.documents)
            let schema = node?.member("schema").map(schemas.documents.resolve)
            if collection.idMember != nil, collection.item.map({ schemas.properties(of: $0).isEmpty }) ?? true,
                let schema, ["integer", "number"].contains(schemas.kind(of: schema))
            {
                collection.idKind = .integer
            }
            // The item route takes UUIDs only (`format: uuid` on its parameter): ids are UUIDs.
            if collection.idKind == .text, schema?.value.member("format")?.text == "uuid" {
                collection.idKind = .uuid
            }
            let example = node?.value.member("example") ?? schema?.value.member("example")
            collection.idExample = example.flatMap(MockStateValues.text(of:))
        }
        let template = below.first ?? create ?? list
        collection.parents =
            template.map { route in
                route.segments.prefix(depth).map { segment in
                    if case .parameter(let name, _) = segment { return name }
                    return nil
                }
            } ?? []
        return collection
    }

    /// The first documented 2xx answer of `route` with JSON content: status, media type, schema.
    static func success(of route: MockRoute, _ schemas: MockStateSchemas) -> (
        status: Int, mediaType: String, schema: MockDocuments.Located?
    )? {
        for (status, response) in route.responses(in: schemas.documents) where status.hasPrefix("2") {
            guard let content = schemas.jsonContent(of: response) else { return nil }
            return (Int(status) ?? 200, content.mediaType, content.schema)
        }
        return nil
    }

    private static func idKind(of schema: MockDocuments.Located, _ schemas: MockStateSchemas) -> IdKind {
        switch schemas.kind(of: schema) {
        case "integer", "number": return .integer
        case "string" where schemas.documents.resolve(schema).value.member("format")?.text == "uuid": return .uuid
        default: return .text
        }
    }

    /// The members that may hold the id of an item of the route parameter `parameter`, in order:
    /// its name (`petId`), snake-cased (`pet_id`) and camel-cased, `id`, and the last word
    /// (`name` of `collectionName`). Without a parameter, `id`.
    static func idCandidates(_ parameter: String?) -> [String] {
        guard let parameter, !parameter.isEmpty else { return ["id"] }
        let words = Self.words(parameter)
        let snake = words.joined(separator: "_")
        let camel = (words.first ?? "") + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        var found: [String] = []
        for candidate in [parameter, snake, camel, "id"] + (words.count > 1 ? [words.last ?? ""] : [])
        where !candidate.isEmpty && !found.contains(candidate) {
            found.append(candidate)
        }
        return found
    }

    /// The members named like the parent parameter `parameter` (`ownerId`, `owner_id`): its own
    /// candidates without the bare `id` and last word, which are the item's own.
    static func parentCandidates(_ parameter: String) -> [String] {
        let words = Self.words(parameter)
        return idCandidates(parameter).filter { $0 != "id" && !(words.count > 1 && $0 == words.last) }
    }

    /// The lower-cased words of a name (`petId`, `pet_id`, `pet-id` → `pet`, `id`).
    private static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var upper = false
        for character in name {
            if character == "_" || character == "-" || character == "." {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else if character.isUppercase, !current.isEmpty, !upper {
                words.append(current)
                current = String(character).lowercased()
            } else {
                current += String(character).lowercased()
            }
            upper = character.isUppercase
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
