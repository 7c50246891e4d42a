import Foundation
import RonCodegenCore

/// The order drift calls operations in, so that values only the server knows are there when an
/// operation needs them.
///
/// Reads come first, as long as another one can be made: a list before its items, an item before
/// what is below it. With `--unsafe`, searches that are POSTs come before them (they list), then
/// creates (their answers give ids), reads again, updates and the other operations on what drift
/// created, and its deletes last. Whatever still has no value is skipped, saying which.
struct DriftPlanner {
    var targets: [DriftTarget]
    var resolver: ParameterResolver
    var unsafe: Bool
    /// The operations named with `--operation`: called even when they act on the whole server.
    var named: Set<String>

    /// What drift created: by collection path, the created items' identifiers with the path values
    /// of their collection.
    private var created: [String: [(id: String, bindings: [String: String])]] = [:]
    private var done: Set<String> = []
    /// The collection each create posts to, by operation id.
    private let createsIn: [String: String]
    private var outcomes: [DriftOutcome] = []

    init(targets: [DriftTarget], resolver: ParameterResolver, unsafe: Bool, named: Set<String> = []) {
        self.targets = targets
        self.resolver = resolver
        self.unsafe = unsafe
        self.named = named
        createsIn = Self.creates(targets)
    }

    mutating func run(context: DriftContext) async -> [DriftOutcome] {
        if unsafe {
            await phase("search", context: context) { $0.isSearch }
        }
        await phase("read", context: context) { $0.isSafe }
        if unsafe {
            let creates = createsIn
            await phase("create", context: context) { creates[$0.operationId] != nil }
            await phase("read", context: context) { $0.isSafe }
            await phase("update", context: context, ownItems: true) { ["PUT", "PATCH"].contains($0.method) }
            await phase("other", context: context, ownItems: true) { $0.method != "DELETE" && !$0.isSafe }
            await phase("delete", context: context, ownItems: true) { $0.method == "DELETE" }
        }
        var skipped: [DriftOutcome] = []
        for target in targets where !done.contains(target.operationId) {
            var report = DriftReport(
                operation: target.operationId, method: target.method, path: target.info.path, outcome: .skipped,
                type: target.info.responseType)
            if !target.isSafe && !unsafe {
                report.message =
                    "changes the server: called only with --unsafe, against a server that may be changed"
            } else if !target.isSafe, let media = target.unsupportedBody {
                report.message = "needs a \(media) body, which drift does not make: not called"
            } else if !target.isSafe, target.operation == nil {
                report.message = "its request body is not known without --schema: not called"
            } else if let word = clearsServer(target) {
                report.message =
                    "names no item and says '\(word)': it may delete, reset or stop what drift did not create; called only when named with --operation"
            } else {
                switch DriftCall.make(for: target, resolver: resolver) {
                case .failure(let missing): report.message = missing.message
                case .success:
                    report.message =
                        target.method == "DELETE" && lastParameter(of: target) == nil
                        ? "deletes what drift did not create: not called"
                        : "changes an item drift did not create: not called"
                }
            }
            skipped.append(DriftOutcome(report: report, body: nil, status: 0))
        }
        return outcomes + skipped
    }

    /// Calls every operation `include` takes that can be called, again and again while a call gives
    /// another one its values. With `ownItems`, an operation on an item (`/things/{id}`) is called
    /// only on an item drift created.
    private mutating func phase(
        _ name: String, context: DriftContext, ownItems: Bool = false, _ include: (DriftTarget) -> Bool
    ) async {
        var progress = true
        while progress {
            progress = false
            // Deletes go deepest first: what is inside an item before the item.
            let ordered =
                name == "delete"
                ? targets.sorted { $0.info.path.split(separator: "/").count > $1.info.path.split(separator: "/").count }
                : targets
            for target in ordered where !done.contains(target.operationId) && include(target) {
                var resolver = self.resolver
                // A delete that names no item of drift's own would delete what the server had.
                if target.method == "DELETE" && lastParameter(of: target) == nil { continue }
                if !target.isSafe, target.unsupportedBody != nil || target.operation == nil { continue }
                if clearsServer(target) != nil { continue }
                if ownItems, let item = lastParameter(of: target) {
                    guard let own = ownItem(for: target, parameter: item) else { continue }
                    resolver.values.set([own], for: item, of: target.operationId, source: "created by drift")
                }
                guard case .success(var call) = DriftCall.make(for: target, resolver: resolver) else { continue }
                if !target.isSafe {
                    if let schema = target.bodySchema, let documents = resolver.documents {
                        var maker = DescriptionValueMaker(documents: documents)
                        call.body = Data((maker.value(schema).jsonText).utf8)
                        call.contentType = target.bodyContentType
                    } else if target.bodyRequired {
                        call.body = Data("{}".utf8)
                        call.contentType = target.bodyContentType ?? "application/json"
                    }
                }
                var outcome = await DriftCheck.run(target, call: call, phase: name, context: context)
                // A read under parents taken from answers that found nothing (an empty list, a
                // 404) is tried under the next parents listed, twice at most.
                var attempt = 0
                while target.isSafe, !ownItems, attempt < 2, Self.foundNothing(outcome),
                    call.sources.values.contains(where: { $0.contains(" /") })
                {
                    attempt += 1
                    guard case .success(let next) = DriftCall.make(for: target, resolver: resolver, skip: attempt)
                    else { break }
                    let again = await DriftCheck.run(target, call: next, phase: name, context: context)
                    if !Self.foundNothing(again) {
                        (outcome, call) = (again, next)
                        break
                    }
                }
                done.insert(target.operationId)
                progress = true
                if let body = outcome.body, (200..<300).contains(outcome.status) {
                    self.resolver.answers.add(
                        body, operationId: target.operationId, template: target.info.path, bindings: call.bindings)
                    if name == "create", let collection = createsIn[target.operationId],
                        let id = createdId(body, target: target)
                    {
                        created[collection, default: []].append((id, call.bindings))
                    }
                }
                outcomes.append(outcome)
            }
        }
    }

    /// Whether an answer found nothing: a 404, or a list (or an envelope's list) that is empty.
    static func foundNothing(_ outcome: DriftOutcome) -> Bool {
        if outcome.status == 404 { return true }
        guard (200..<300).contains(outcome.status), let body = outcome.body,
            let value = try? SchemaDocumentReader.parse(body, path: "answer.json")
        else { return false }
        if case .array(let items) = value { return items.isEmpty }
        if let members = value.objectMembers {
            for (_, member) in members {
                if case .array(let items) = member { return items.isEmpty }
            }
        }
        return false
    }

    /// The collection a POST creates in: its path, when the schema lists that path (`GET /things`) or
    /// has items below it (`/things/{id}`). A POST to anything else is an action (`/things/{id}/restart`,
    /// `/recount`): called in the "other" phase, on drift's own items only.
    static func creates(_ targets: [DriftTarget]) -> [String: String] {
        var creates: [String: String] = [:]
        for target in targets {
            guard let collection = target.createsIn else { continue }
            let below = collection.hasSuffix("/") ? collection + "{" : collection + "/{"
            let listed = targets.contains { other in
                (other.method == "GET" && AnswerValues.collection(of: other.info.path) == collection)
                    || other.info.path.hasPrefix(below)
            }
            if listed { creates[target.operationId] = collection }
        }
        return creates
    }

    /// Words of an operation that deletes, empties, stops or resets what it acts on, or acts on many
    /// items at once (`POST /flows/bulk_delete`).
    static let clearingWords: Set<String> = [
        "clear", "reset", "drop", "purge", "wipe", "flush", "truncate", "shutdown", "restart", "stop", "kill",
        "destroy", "erase", "prune", "cleanup", "empty", "nuke", "terminate", "factory", "delete", "remove",
        "bulk",
    ]

    /// The word that makes an unsafe operation on no item one that may delete, clear, reset or stop
    /// what drift did not create (`POST /admin/database/clear`, `POST /api/shutdown`,
    /// `POST /flows/bulk_delete` with a filter drift made up), unless it was named with `--operation`:
    /// a later read, or a second run, would find the server emptied or gone.
    func clearsServer(_ target: DriftTarget) -> String? {
        guard !target.isSafe, target.method != "DELETE", createsIn[target.operationId] == nil, !target.isSearch,
            lastParameter(of: target) == nil, !named.contains(target.operationId)
        else { return nil }
        let words = Self.words(target.info.path + " " + target.operationId)
        return words.first(where: { Self.clearingWords.contains($0) })
    }

    /// The lower-cased words of a path and an operation id: split at every character that is no
    /// letter and before every upper-case letter (`clearDatabase` → `clear`, `database`).
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text {
            if character.isLetter {
                if character.isUppercase, !current.isEmpty, current.last?.isUppercase == false {
                    words.append(current.lowercased())
                    current = ""
                }
                current.append(character)
            } else if !current.isEmpty {
                words.append(current.lowercased())
                current = ""
            }
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }

    /// The path parameter an operation on an item ends with (`id` of `/things/{id}` or of
    /// `/things/{id}/archive`).
    private func lastParameter(of target: DriftTarget) -> String? {
        let segments = target.info.path.split(separator: "/")
        guard let last = segments.last(where: { $0.hasPrefix("{") && $0.hasSuffix("}") }) else { return nil }
        return String(last.dropFirst().dropLast())
    }

    /// An item drift created in the collection the item parameter of `target` names.
    private func ownItem(for target: DriftTarget, parameter: String) -> String? {
        guard let range = target.info.path.range(of: "{\(parameter)}") else { return nil }
        let collection = AnswerValues.collection(of: String(target.info.path[..<range.lowerBound]))
        return created[collection]?.last?.id
    }

    /// The identifier of what a create answered: the member the item routes name, else `id`.
    private func createdId(_ body: Data, target: DriftTarget) -> String? {
        guard let value = try? SchemaDocumentReader.parse(body, path: "answer.json"), let members = value.objectMembers
        else { return nil }
        let collection = createsIn[target.operationId] ?? ""
        // The parameter of the item route below the collection (`/things/{thing_id}`).
        let item = targets.lazy.compactMap { other -> String? in
            let path = other.info.path
            guard path.hasPrefix(collection + "/{") else { return nil }
            let rest = path.dropFirst(collection.count + 2)
            return rest.firstIndex(of: "}").map { String(rest[..<$0]) }
        }.first
        // The item itself, or an object member of an envelope (`{"data": {...}}`).
        let names = AnswerValues.memberNames(for: item ?? "id")
        for candidate in [members] + members.compactMap({ $0.value.objectMembers }) {
            for name in names {
                if let found = candidate.first(where: { $0.key == name })?.value, let text = DriftTarget.text(found) {
                    return text
                }
            }
        }
        return nil
    }
}
