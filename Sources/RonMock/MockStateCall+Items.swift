import Foundation
import RonCodegenCore

/// The items a ``MockStateCall`` reads and writes (its collection's seeds, items fitted to the
/// documented schemas) and the answers it makes of them.
extension MockStateCall {
    /// The items of a collection before any request changed it.
    struct Seeds {
        var items: [DocumentValue] = []
        /// Whether they are those of this route's own answer without state (nothing to redo).
        var answered = false
        /// The items made up (of a list with neither fixtures nor examples, or for the path
        /// parameter's example): placeholders, which a create naming their id replaces.
        var placeholders: [DocumentValue] = []
    }

    /// The collection's items before any request changed it (``seeding()``).
    func seeds() -> [DocumentValue] { seeding().items }

    /// The collection's items before any request changed it: those of its list answer as the
    /// stateless mock gives it (its fixtures and examples, or made up), but the fixtures of the
    /// item type where that answer is made up; with no list, the fixtures of the item type. Then
    /// the items the description gives an id: the item GET's example (or fixture) and, made up,
    /// one with the id of the path parameter's `example`, when no item has their id.
    func seeding() -> Seeds {
        var seeds = listed()
        guard let member = collection.idMember else { return seeds }
        let known = { (id: String) in seeds.items.contains { MockStateValues.isId($0.member(member), id) } }
        if let show = collection.show, let schema = MockStateModel.success(of: show, schemas)?.schema {
            let answer = api.answer(MockRequest(method: "GET", target: "/"), route: show)
            let origin = answer.header("X-Ron-Mock-Source") ?? ""
            if (200..<300).contains(answer.status), !origin.hasPrefix("made up"), !origin.hasPrefix("no content"),
                let value = try? SchemaDocumentReader.parse(answer.body, path: "answer.json")
            {
                let single = schemas.single(schema, ids: collection.idNames, name: collection.name).member
                let item = single.flatMap { value.member($0) } ?? value
                if let id = item.member(member).flatMap(MockStateValues.text(of:)), !known(id) {
                    seeds.items.append(item)
                    seeds.answered = false
                }
            }
        }
        if let id = collection.idExample, !known(id) {
            var maker = DescriptionValueMaker(documents: api.documents)
            let made = collection.item.map { maker.value($0) } ?? .object([])
            let item = MockStateValues.setting(
                member, to: MockStateValues.typedId(id, kind: collection.idKind),
                in: made.objectMembers == nil ? .object([]) : made, first: true)
            seeds.items.append(item)
            seeds.placeholders.append(item)
            seeds.answered = false
        }
        return seeds
    }

    /// The items of the collection's list answer without state (``seeding()``), or the fixtures
    /// of the item type.
    func listed() -> Seeds {
        let own = collection.folder.flatMap { api.fixtures[$0] }?.map(\.value) ?? []
        guard let route = collection.list ?? collection.searches.first,
            let schema = MockStateModel.success(of: route, schemas)?.schema,
            let shape = schemas.listShape(of: schema, item: collection.item.map(schemas.origin), name: collection.name)
        else { return Seeds(items: own) }
        let answer = api.answer(MockRequest(method: "GET", target: "/"), route: route)
        let madeUp = answer.header("X-Ron-Mock-Source")?.hasPrefix("made up") == true
        if madeUp, !own.isEmpty { return Seeds(items: own) }
        guard (200..<300).contains(answer.status),
            let value = try? SchemaDocumentReader.parse(answer.body, path: "answer.json"),
            case .array(let items)? = shape.member.map({ value.member($0) }) ?? value
        else { return Seeds() }
        return Seeds(
            items: items, answered: route.description == self.route.description, placeholders: madeUp ? items : [])
    }

    /// The items the query keeps: a query parameter of the operation named like a member keeps the
    /// items whose member is one of its values; `limit`/`offset`/`page` (and their usual other
    /// names) take a page, `limit` at its documented default when not sent. Also the number kept
    /// before the page was taken.
    func selected(_ all: [DocumentValue], items schema: MockDocuments.Located) -> (
        items: [DocumentValue], total: Int
    ) {
        let query = request.queryItems
        let members = Set(
            schemas.properties(of: schema).map(\.name)
                + (collection.item.map { schemas.properties(of: $0).map(\.name) } ?? []))
        var kept = all
        var paging: Set<String> = []
        for parameter in route.operation.parameters where parameter.location == .query {
            var values = query.filter { $0.name == parameter.name }.map(\.value)
            if case .array = parameter.type, !parameter.explode {
                values = values.flatMap { $0.split(separator: ",").map(String.init) }
            }
            if members.contains(parameter.name) || all.contains(where: { $0.member(parameter.name) != nil }) {
                if !values.isEmpty { kept = kept.filter { MockStateValues.matches($0.member(parameter.name), values) } }
            } else {
                paging.insert(parameter.name)
            }
        }
        let total = kept.count
        func number(_ names: [String]) -> Int? {
            for name in names where paging.contains(name) {
                if let sent = query.last(where: { $0.name == name }) { return Int(sent.value) }
                let schema = route.parameterNode(name, in: "query", documents: api.documents)?.member("schema")
                if let value = schema.map(api.documents.resolve)?.value.member("default")?.numberValue,
                    value.isFinite, abs(value) < 1e9
                {
                    return Int(value)
                }
            }
            return nil
        }
        let size = number(["limit", "per_page", "perPage", "page_size", "pageSize", "pagesize", "max_results", "size"])
        var offset = number(["offset", "skip", "start"]) ?? 0
        // Any number a client sends (`page=9223372036854775807`) is a page past the end, never a crash.
        if let size, let page = number(["page", "page_number", "pageNumber"]) {
            let (skipped, overflow) = (max(page, 1) - 1).multipliedReportingOverflow(by: max(size, 0))
            offset = overflow ? Int.max : skipped
        }
        kept = Array(kept.dropFirst(max(offset, 0)))
        if let size, size >= 0 { kept = Array(kept.prefix(size)) }
        return (kept, total)
    }

    /// `item` for a schema: with `strip` (an answer), without the members a closed schema does not
    /// declare and without write-only ones, and each member that does not fit its declared schema
    /// (a create's body of another shape than the answer's) made up; with each required member it
    /// lacks made up.
    func conformed(_ item: DocumentValue, to schema: MockDocuments.Located?, strip: Bool) -> DocumentValue {
        guard let schema, case .object(var members) = item else { return item }
        let declared = schemas.properties(of: schema)
        let writeOnly = Set(
            declared.filter { api.documents.resolve($0.schema).value.member("writeOnly") == .bool(true) }.map(\.name))
        var maker = DescriptionValueMaker(documents: api.documents)
        if strip {
            let closed = schemas.isClosed(schema)
            members.removeAll { member in
                writeOnly.contains(member.key) || (closed && !declared.contains { $0.name == member.key })
            }
            let validator = DescriptionSchemaValidator(documents: api.documents, direction: .response)
            for index in members.indices {
                guard let property = declared.first(where: { $0.name == members[index].key }),
                    !validator.validate(members[index].value, against: property.schema).isEmpty
                else { continue }
                members[index].value = maker.value(property.schema)
            }
        }
        for name in schemas.required(of: schema) where !members.contains(where: { $0.key == name }) {
            guard let property = declared.first(where: { $0.name == name }), !(strip && writeOnly.contains(name))
            else { continue }
            members.append((name, maker.value(property.schema)))
        }
        return .object(members)
    }

    /// `item` with each member named like a parent parameter (`ownerId` of `/owners/{ownerId}/pets`)
    /// that it lacks set to the path's value.
    func withParents(_ item: DocumentValue) -> DocumentValue {
        guard let schema = collection.item else { return item }
        let declared = schemas.properties(of: schema)
        var item = item
        for (index, parameter) in collection.parents.enumerated() {
            guard let parameter, index < segments.count else { continue }
            for name in MockStateModel.parentCandidates(parameter) where item.member(name) == nil {
                guard let property = declared.first(where: { $0.name == name }) else { continue }
                let integer = ["integer", "number"].contains(schemas.kind(of: property.schema))
                let value =
                    integer && Int64(segments[index]) != nil
                    ? DocumentValue.number(segments[index]) : .string(segments[index])
                item = MockStateValues.setting(name, to: value, in: item)
            }
        }
        return item
    }

    /// A PUT's body in place of `old`, keeping what a client does not send: the id, and the members
    /// of `old` the item schema marks read-only or requires that the body lacks. The members keep
    /// the order of `old`; new ones follow.
    func replaced(_ old: DocumentValue, with body: DocumentValue) -> DocumentValue {
        let declared = collection.item.map { schemas.properties(of: $0) } ?? []
        let required = Set(collection.item.map { schemas.required(of: $0) } ?? [])
        var members: [(key: String, value: DocumentValue)] = []
        for (key, value) in old.objectMembers ?? [] {
            if let sent = body.member(key) {
                members.append((key, sent))
                continue
            }
            let readOnly =
                declared.first { $0.name == key }.map {
                    api.documents.resolve($0.schema).value.member("readOnly") == .bool(true)
                } ?? false
            if readOnly || required.contains(key) || key == collection.idMember { members.append((key, value)) }
        }
        for member in body.objectMembers ?? [] where old.member(member.key) == nil { members.append(member) }
        return .object(members)
    }

    /// The request's JSON object body (`{}` for none), or `nil` for a body of another media type
    /// or that is no JSON object (a JSON Patch list): the stateless answer then.
    func requestObject() -> DocumentValue? {
        if request.body.isEmpty { return .object([]) }
        if let type = request.header("content-type"), !MockStateSchemas.isJSON(type) { return nil }
        guard let value = try? SchemaDocumentReader.parse(request.body, path: "body.json"), case .object = value else {
            return nil
        }
        return value
    }

    // MARK: Answers

    /// The documented success of the route: `preferred` (201 of a create, 204 of a delete) when it
    /// is documented, else the first 2xx; `fallback` (with a JSON body unless 204) when it
    /// documents none. `nil` when its content is not JSON (the stateless answer then).
    func plan(preferring preferred: Int?, fallback: Int) -> Plan? {
        let successes = route.responses(in: api.documents).filter { $0.status.hasPrefix("2") }
        guard
            let chosen = preferred.flatMap({ wanted in successes.first { $0.status == String(wanted) } })
                ?? successes.first
        else {
            return Plan(status: fallback, mediaType: fallback == 204 ? nil : "application/json", schema: nil)
        }
        let status = Int(chosen.status) ?? 200
        guard let content = chosen.response.member("content")?.value.objectMembers, !content.isEmpty, status != 204
        else { return Plan(status: status, mediaType: nil, schema: nil) }
        guard let json = schemas.jsonContent(of: chosen.response) else { return nil }
        return Plan(
            status: status, mediaType: json.mediaType.contains("*") ? "application/json" : json.mediaType,
            schema: json.schema)
    }

    /// The answer of `plan` holding `item` shaped to its schema (in its envelope, if it has one).
    func respond(_ plan: Plan, item: DocumentValue, headers: [(name: String, value: String)] = [])
        -> MockResponse
    {
        let own = [(name: "X-Ron-Mock-Source", value: source)] + headers
        guard let mediaType = plan.mediaType else { return MockResponse(status: plan.status, headers: own) }
        var value = item
        if let schema = plan.schema {
            let single = schemas.single(schema, ids: collection.idNames, name: collection.name)
            value = conformed(item, to: single.item, strip: true)
            if let member = single.member {
                var maker = DescriptionValueMaker(documents: api.documents)
                let envelope = maker.value(schema)
                value =
                    envelope.objectMembers == nil
                    ? .object([(member, value)]) : MockStateValues.setting(member, to: value, in: envelope)
            }
        }
        return MockResponse(
            status: plan.status, headers: [("Content-Type", mediaType)] + own, body: Data(value.jsonText.utf8))
    }

    /// `Location` of a created item: the collection path as sent, and its id.
    func location(of item: DocumentValue) -> [(name: String, value: String)] {
        guard let member = collection.idMember, let id = item.member(member).flatMap(MockStateValues.text(of:)) else {
            return []
        }
        let sent = request.path.split(separator: "/").prefix(collection.depth).joined(separator: "/")
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove("/")
        return [("Location", "/" + sent + "/" + (id.addingPercentEncoding(withAllowedCharacters: allowed) ?? id))]
    }

    /// A refusal: the route's documented answer of `status` when it has an example (or a fixture
    /// named after the status, or no content), else the App Plane's problem envelope, in the
    /// documented JSON media type. Also where the route documents no answer of `status` (a
    /// description that lists no 404 for a read of an item): an item that is not there is 404,
    /// as the real server answers, never a made-up item the state does not hold.
    func failure(_ status: Int, code: String, message: String) -> MockResponse {
        let documented = route.responses(in: api.documents).first { $0.status == String(status) }
        if documented != nil {
            var asked = request
            asked.headers = request.headers.filter { $0.name.lowercased() != "prefer" } + [("Prefer", "code=\(status)")]
            let answer = api.answer(asked, route: route)
            let origin = answer.header("X-Ron-Mock-Source") ?? ""
            if answer.status == status, !origin.hasPrefix("generated") { return answer }
        }
        let problem = MockProblem.response(
            status: status, code: code, message: "\(route.operation.operationId): \(message)", kind: "app",
            headers: [("X-Ron-Mock-Source", source)])
        // In the body the operation documents for the status, as the mock's other errors (MockFaults+ErrorBodies).
        return api.documentedError(problem, routes: [route])
    }
}
