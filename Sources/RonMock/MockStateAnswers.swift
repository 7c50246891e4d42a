import Foundation
import RonCodegenCore

/// The answers of the mock's state: the requests of a collection's routes (``MockStateModel``)
/// read and change the items of its ``MockStateStore``, and `/_mock/reset` and `/_mock/state`
/// forget and show what they changed. See docs/MockServer.md, "State".
extension MockAPI {
    /// The mock's own routes of its state, one line each (`POST /_mock/reset  ...`); empty when
    /// it keeps none (``MockStateConfiguration/stateless``).
    public var stateEndpointDescriptions: [String] {
        guard state != nil else { return [] }
        return [
            "POST /_mock/reset  forget what requests changed (the mock's state)",
            "GET /_mock/state  what requests changed, as --state writes it",
        ]
    }

    /// The answer of `POST /_mock/reset` (204: every collection follows its fixtures and examples
    /// again) and `GET /_mock/state` (the state as JSON); `nil` for any other path, and for every
    /// path when the mock keeps no state.
    func stateEndpoint(_ request: MockRequest) -> MockResponse? {
        guard let state else { return nil }
        let method = request.method.uppercased()
        switch Self.normalizedPath(request.path) {
        case "/_mock/reset":
            guard method == "POST" else {
                return MockProblem.response(
                    status: 405, code: "method_not_allowed",
                    message: "/_mock/reset forgets the mock's state: it answers POST", kind: "app",
                    headers: [("Allow", "POST")])
            }
            state.reset()
            return MockResponse(status: 204, headers: [("X-Ron-Mock-Source", "state reset")])
        case "/_mock/state":
            guard method == "GET" || method == "HEAD" else {
                return MockProblem.response(
                    status: 405, code: "method_not_allowed",
                    message: "/_mock/state shows the mock's state: it answers GET", kind: "app",
                    headers: [("Allow", "GET, HEAD")])
            }
            return MockResponse(
                status: 200, headers: [("Content-Type", "application/json"), ("X-Ron-Mock-Source", "state")],
                body: Data(state.text.utf8))
        default:
            return nil
        }
    }

    /// The answer of `route` to `request` from the mock's state, or `nil` when the route keeps no
    /// state, the mock keeps none, the request asks for a documented answer (`Prefer: code=`,
    /// `example=` or `dynamic=true`), or its body or answer is not JSON: the stateless answer then.
    func stateAnswer(_ request: MockRequest, route: MockRoute) -> MockResponse? {
        guard let state, let (collection, role) = stateModel.role(of: route) else { return nil }
        let preference = Preference(request.header("prefer"))
        guard preference.code == nil, preference.example == nil, !preference.dynamic else { return nil }
        let segments = request.path.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
        guard segments.count >= collection.depth else { return nil }
        let call = MockStateCall(
            api: self, store: state, collection: collection, route: route, request: request, segments: segments)
        switch role {
        case .list, .search: return call.list()
        case .create: return call.create()
        case .show: return call.show()
        case .replace: return call.write(merge: false, named: false)
        case .merge: return call.write(merge: true, named: false)
        case .replaceNamed: return call.write(merge: false, named: true)
        case .mergeNamed: return call.write(merge: true, named: true)
        case .remove: return call.remove()
        }
    }
}

/// One request of a collection's route, answered from the mock's state.
struct MockStateCall {
    let api: MockAPI
    let store: MockStateStore
    let collection: MockStateModel.Collection
    let route: MockRoute
    let request: MockRequest
    /// The request's path segments, decoded.
    let segments: [String]

    /// What a change came to.
    enum Outcome {
        /// The item as stored (or as removed).
        case stored(DocumentValue)
        /// An item made by a PUT of an id not there.
        case created(DocumentValue)
        /// No item has the id.
        case missing(String)
        /// An item has the id a create names already.
        case conflict(String)
    }

    /// The answer a route documents for a success: its status, and the JSON media type and schema
    /// of its body (`nil`: no body).
    struct Plan {
        var status: Int
        var mediaType: String?
        var schema: MockDocuments.Located?
    }

    var schemas: MockStateSchemas { MockStateSchemas(documents: api.documents) }

    /// The collection path (`/v1/owners/7/pets`).
    var path: String { "/" + segments.prefix(collection.depth).joined(separator: "/") }

    /// The id of an item route (the segment after the collection path).
    var id: String? { segments.count > collection.depth ? segments[collection.depth] : nil }

    /// `X-Ron-Mock-Source` of the answers from the state (and so the mock's log).
    var source: String { "state \(path)" }

    // MARK: Routes

    /// A list or search: the items (stored, else the seeds) that the query's filters keep, a page
    /// of them, in the documented list shape. `nil` (the stateless answer) when no request changed
    /// the collection and the query leaves every item in.
    func list() -> MockResponse? {
        guard let plan = plan(preferring: nil, fallback: 200), let mediaType = plan.mediaType, let schema = plan.schema,
            let shape = schemas.listShape(of: schema, item: collection.item.map(schemas.origin), name: collection.name)
        else { return nil }
        let stored = store.items(at: path)
        let seeded = stored == nil ? seeding() : nil
        let all = stored ?? seeded?.items ?? []
        let (chosen, total) = selected(all, items: shape.items)
        // Nothing changed and nothing left out: the list as the stateless mock answers it.
        if seeded?.answered == true, chosen == all { return nil }
        let items = DocumentValue.array(chosen.map { conformed($0, to: shape.items, strip: true) })
        var body = items
        if let member = shape.member {
            let documented = api.answer(MockRequest(method: "GET", target: request.target), route: route)
            var envelope = (try? SchemaDocumentReader.parse(documented.body, path: "answer.json")) ?? .null
            if case .object = envelope {
            } else {
                var maker = DescriptionValueMaker(documents: api.documents)
                envelope = maker.value(schema)
            }
            body = MockStateValues.setting(member, to: items, in: envelope)
            for name in ["total", "total_count", "totalCount", "total_items", "totalItems", "total_results"] {
                if case .number? = body.member(name) {
                    body = MockStateValues.setting(name, to: .number(String(total)), in: body)
                }
            }
        }
        return MockResponse(
            status: plan.status, headers: [("Content-Type", mediaType), ("X-Ron-Mock-Source", source)],
            body: Data(body.jsonText.utf8))
    }

    /// A create: the body stored as a new item, its id assigned where the item has an id member
    /// the body lacks; 409 when the body names an id an item has.
    func create() -> MockResponse? {
        guard let plan = plan(preferring: 201, fallback: 201), let body = requestObject() else { return nil }
        // Made-up items (of a list with neither fixtures nor examples) give way to a create naming their id.
        let seeded = seeding()
        let placeholders = seeded.placeholders
        let outcome = store.change(at: path, key: collection.key, seeds: seeded.items) {
            items, counter -> (Outcome, Bool) in
            var item = body
            if let member = collection.idMember {
                if let sent = item.member(member), sent != .null {
                    if let text = MockStateValues.text(of: sent),
                        let index = MockStateValues.index(of: text, member: member, in: items)
                    {
                        guard placeholders.contains(items[index]) else { return (.conflict(text), false) }
                        items.remove(at: index)
                    }
                } else {
                    let made = MockStateValues.newId(
                        kind: collection.idKind, member: member, items: items, counter: counter, seed: store.seed,
                        example: collection.idExample)
                    counter = made.counter
                    item = MockStateValues.setting(member, to: made.id, in: item, first: true)
                }
            }
            item = conformed(withParents(item), to: collection.item, strip: false)
            items.append(item)
            return (.stored(item), true)
        }
        switch outcome {
        case .stored(let item), .created(let item):
            return respond(plan, item: item, headers: location(of: item))
        case .conflict(let id):
            return failure(409, code: "conflict", message: "an item with the id '\(id)' is in \(path) already")
        case .missing(let id):
            return failure(404, code: "not_found", message: "no item '\(id)' in \(path)")
        }
    }

    /// A show: the item with the path's id, or 404.
    func show() -> MockResponse? {
        guard let id, let member = collection.idMember, let plan = plan(preferring: nil, fallback: 200) else {
            return nil
        }
        let stored = store.items(at: path)
        guard let item = (stored ?? seeds()).first(where: { MockStateValues.isId($0.member(member), id) }) else {
            return failure(404, code: "not_found", message: "no item '\(id)' in \(path)")
        }
        // An item as its fixture has it is sent as the fixture is, byte for byte.
        if stored == nil, let mediaType = plan.mediaType, let schema = plan.schema,
            schemas.single(schema, ids: collection.idNames, name: collection.name).member == nil,
            let fixture = collection.folder.flatMap({ api.fixtures[$0] })?.first(where: { $0.value == item })
        {
            return MockResponse(
                status: plan.status, headers: [("Content-Type", mediaType), ("X-Ron-Mock-Source", fixture.source)],
                body: fixture.body)
        }
        return respond(plan, item: item)
    }

    /// A replace (PUT: the body, keeping the id and the read-only and required members it lacks)
    /// or a merge (PATCH, or POST to an item: RFC 7386 merge patch) of the item with the path's id
    /// (`named`: with the id its body names); 404 when there is none, but a PUT of a collection
    /// without a create makes it.
    func write(merge: Bool, named: Bool) -> MockResponse? {
        guard let member = collection.idMember, let body = requestObject(),
            let target = named ? body.member(member).flatMap(MockStateValues.text(of:)) : id,
            let plan = plan(preferring: nil, fallback: 200)
        else { return nil }
        let upsert = !merge && !named && collection.create == nil
        let outcome = store.change(at: path, key: collection.key, seeds: seeds()) { items, counter -> (Outcome, Bool) in
            if let index = MockStateValues.index(of: target, member: member, in: items) {
                let old = items[index]
                var item = merge ? MockStateValues.mergePatch(old, body) : replaced(old, with: body)
                if let kept = old.member(member) { item = MockStateValues.setting(member, to: kept, in: item) }
                item = conformed(withParents(item), to: collection.item, strip: false)
                items[index] = item
                return (.stored(item), true)
            }
            guard upsert else { return (.missing(target), false) }
            let typed = MockStateValues.typedId(target, kind: collection.idKind)
            var item = MockStateValues.setting(member, to: typed, in: body, first: true)
            item = conformed(withParents(item), to: collection.item, strip: false)
            items.append(item)
            if case .number = typed, let number = UInt64(target) { counter = max(counter, number) }
            return (.created(item), true)
        }
        switch outcome {
        case .stored(let item): return respond(plan, item: item)
        case .created(let item):
            return respond(self.plan(preferring: 201, fallback: 201) ?? plan, item: item, headers: location(of: item))
        case .missing(let id), .conflict(let id):
            return failure(404, code: "not_found", message: "no item '\(id)' in \(path)")
        }
    }

    /// A delete: the item with the path's id removed (then a show of it is 404), or 404.
    func remove() -> MockResponse? {
        guard let id, let member = collection.idMember, let plan = plan(preferring: 204, fallback: 204) else {
            return nil
        }
        let outcome = store.change(at: path, key: collection.key, seeds: seeds()) { items, _ -> (Outcome, Bool) in
            guard let index = MockStateValues.index(of: id, member: member, in: items) else {
                return (.missing(id), false)
            }
            return (.stored(items.remove(at: index)), true)
        }
        switch outcome {
        case .stored(let item), .created(let item): return respond(plan, item: item)
        case .missing(let id), .conflict(let id):
            return failure(404, code: "not_found", message: "no item '\(id)' in \(path)")
        }
    }
}
