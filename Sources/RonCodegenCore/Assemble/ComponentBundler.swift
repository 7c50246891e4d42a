import Foundation

/// Brings what an OpenAPI document's `$ref`s name into the document, so it reads as if written in
/// one file (see ``DescriptionAssembler``).
///
/// A path item `$ref` (local or to another file) is replaced by the path item. A parameter, request
/// body, response, header or example `$ref` that names another file, or a place of the root outside
/// `components/<kind>/`, becomes `#/components/<kind>/<name>`, its target added there once under a
/// name of its own (the target's key, else its file's name), so every use shares one component.
/// Schemas stay where they are: a `$ref` inside what is brought in is rewritten to name the same
/// place from the root document, and the normalizer reads the parts as reference documents.
struct ComponentBundler {
    /// The root document's path in the schema folder.
    let rootPath: String
    /// Every file of the folder, by path.
    let files: [String: DocumentValue]
    /// What was done that a user should hear of.
    var notes: [CodegenError] = []
    /// The operations the root's `paths` declare as written: every HTTP method of every path item
    /// (of the path item its `$ref` names, with the `$ref`'s siblings), whether it generates or
    /// not; a path item whose `$ref` names nothing that can be read, or that is no object, counts
    /// as one. Set by ``bundle(_:)``.
    private(set) var declaredOperations = 0
    /// The components added, per kind, in the order they were found.
    private var added: [String: [(key: String, value: DocumentValue)]] = [:]
    /// The names taken per kind (the root's own and those added).
    private var taken: [String: Set<String>] = [:]
    /// `file#pointer` → the local `$ref` that now names it.
    private var bundled: [String: String] = [:]
    /// The path items being brought in, against a path item that names itself.
    private var openPathItems: Set<String> = []

    /// The kinds of component whose `$ref`s are brought in.
    static let kinds = ["parameters", "requestBodies", "responses", "headers", "examples"]
    /// Keys whose values are data, whose `$ref` members are not references.
    static let dataKeys: Set<String> = ["example", "examples", "default", "enum", "const", "x-examples"]

    init(rootPath: String, files: [String: DocumentValue]) {
        self.rootPath = rootPath
        self.files = files
    }

    /// The root document with everything its `$ref`s name outside its components brought in.
    mutating func bundle(_ root: DocumentValue) throws(CodegenError) -> DocumentValue {
        guard var members = root.members else { return root }
        for (name, _) in root["components"]?.members ?? [] {
            taken[name] = Set((root["components"]?[name]?.members ?? []).map(\.key))
        }
        for index in members.indices {
            let (key, value) = members[index]
            switch key {
            case "paths":
                var items: [(key: String, value: DocumentValue)] = []
                for (template, item) in value.members ?? [] {
                    if template.hasPrefix("x-") {
                        items.append((template, item))
                        continue
                    }
                    let at = "/paths/" + Pointer.escape(template)
                    declaredOperations += declared(in: item, pointer: at)
                    do {
                        items.append((template, try pathItem(item, file: rootPath, pointer: at)))
                    } catch {
                        notes.append(
                            CodegenError(
                                file: error.file, pointer: error.pointer,
                                message: "\(error.message); the operations of '\(template)' are not generated"))
                    }
                }
                members[index].value = .object(items)
            case "components":
                var kinds: [(key: String, value: DocumentValue)] = []
                for (kind, entries) in value.members ?? [] {
                    // A security scheme written in another file is brought in whole too.
                    guard Self.kinds.contains(kind) || kind == "pathItems" || kind == "securitySchemes" else {
                        kinds.append((kind, entries))
                        continue
                    }
                    var list: [(key: String, value: DocumentValue)] = []
                    for (name, entry) in entries.members ?? [] {
                        let at = "/components/\(kind)/" + Pointer.escape(name)
                        do {
                            if kind == "pathItems" {
                                list.append((name, try pathItem(entry, file: rootPath, pointer: at)))
                            } else {
                                // The root's own component, brought in whole when it names another place.
                                let (target, file, pointer) = try follow(entry, file: rootPath, pointer: at)
                                list.append((name, try contents(kind, target, file: file, pointer: pointer)))
                            }
                        } catch {
                            // A `$ref` to nothing: what uses this component says so, and is left out.
                            list.append((name, entry))
                        }
                    }
                    kinds.append((kind, .object(list)))
                }
                members[index].value = .object(kinds)
            case "webhooks":
                continue
            default:
                continue
            }
        }
        guard !added.isEmpty else { return .object(members) }
        // The components as brought in above (their own `$ref`s to other files followed), not as written.
        var components = members.first { $0.key == "components" }?.value.members ?? []
        for kind in Self.kinds {
            guard let entries = added[kind] else { continue }
            if let index = components.firstIndex(where: { $0.key == kind }) {
                components[index].value = .object((components[index].value.members ?? []) + entries)
            } else {
                components.append((kind, .object(entries)))
            }
        }
        if let index = members.firstIndex(where: { $0.key == "components" }) {
            members[index].value = .object(components)
        } else {
            members.append(("components", .object(components)))
        }
        return .object(members)
    }

    // MARK: - Structure

    /// How many operations the path item `item` declares (``declaredOperations``).
    private func declared(in item: DocumentValue, pointer: String) -> Int {
        guard let members = item.members else { return 1 }
        var methods = Set(members.map(\.key).filter(SchemaTranslator.httpMethods.contains))
        guard item["$ref"] != nil else { return methods.count }
        guard let (target, _, _) = try? follow(item, file: rootPath, pointer: pointer), let own = target.members
        else { return max(1, methods.count) }
        methods.formUnion(own.map(\.key).filter(SchemaTranslator.httpMethods.contains))
        return methods.count
    }

    /// A path item: its `$ref` replaced by its target (the `$ref`'s siblings win), its operations'
    /// and parameters' `$ref`s brought in.
    private mutating func pathItem(_ node: DocumentValue, file: String, pointer: String) throws(CodegenError)
        -> DocumentValue
    {
        var node = node
        var file = file
        var pointer = pointer
        if node["$ref"] != nil {
            let siblings = (node.members ?? []).filter { $0.key != "$ref" }
            let key = file + "#" + pointer
            guard openPathItems.insert(key).inserted else {
                throw CodegenError(file: file, pointer: pointer + "/$ref", message: "the path item $ref names itself")
            }
            defer { openPathItems.remove(key) }
            (node, file, pointer) = try follow(node, file: file, pointer: pointer)
            let own = node.members ?? []
            node = .object(siblings + own.filter { member in !siblings.contains { $0.key == member.key } })
            return try pathItem(node, file: file, pointer: pointer)
        }
        guard let members = node.members else { return node }
        var result: [(key: String, value: DocumentValue)] = []
        for (key, value) in members {
            let at = pointer + "/" + Pointer.escape(key)
            if key == "parameters" {
                result.append((key, try list("parameters", value, file: file, pointer: at)))
            } else if SchemaTranslator.httpMethods.contains(key) {
                result.append((key, try operation(value, file: file, pointer: at)))
            } else {
                result.append((key, rewritten(value, from: file)))
            }
        }
        return .object(result)
    }

    private mutating func operation(_ node: DocumentValue, file: String, pointer: String) throws(CodegenError)
        -> DocumentValue
    {
        if node["$ref"] != nil {
            // An operation in a file of its own (`get: {$ref: …}`), which OpenAPI does not define but
            // large descriptions use: the operation, with the words beside the `$ref` that hold no
            // reference (summary, description, operationId, tags, deprecated) winning.
            let siblings = (node.members ?? []).filter {
                ["summary", "description", "operationId", "tags", "deprecated"].contains($0.key)
            }
            let (target, targetFile, targetPointer) = try follow(node, file: file, pointer: pointer)
            let own = (target.members ?? []).filter { member in !siblings.contains { $0.key == member.key } }
            return try operation(.object(siblings + own), file: targetFile, pointer: targetPointer)
        }
        guard let members = node.members else { return node }
        var result: [(key: String, value: DocumentValue)] = []
        for (key, value) in members {
            let at = pointer + "/" + Pointer.escape(key)
            switch key {
            case "parameters":
                result.append((key, try list("parameters", value, file: file, pointer: at)))
            case "requestBody":
                result.append((key, try component("requestBodies", value, file: file, pointer: at)))
            case "responses":
                result.append((key, try map("responses", value, file: file, pointer: at)))
            case "callbacks":
                // Callbacks describe requests the server makes; the client's calls leave them aside.
                continue
            default:
                result.append((key, rewritten(value, from: file)))
            }
        }
        return .object(result)
    }

    private mutating func list(_ kind: String, _ node: DocumentValue, file: String, pointer: String)
        throws(CodegenError) -> DocumentValue
    {
        guard case .array(let items) = node else { return node }
        var result: [DocumentValue] = []
        for (offset, item) in items.enumerated() {
            result.append(try component(kind, item, file: file, pointer: pointer + "/\(offset)"))
        }
        return .array(result)
    }

    private mutating func map(_ kind: String, _ node: DocumentValue, file: String, pointer: String)
        throws(CodegenError) -> DocumentValue
    {
        guard let members = node.members else { return node }
        var result: [(key: String, value: DocumentValue)] = []
        for (key, value) in members {
            if key.hasPrefix("x-") {
                result.append((key, value))
                continue
            }
            result.append((key, try component(kind, value, file: file, pointer: pointer + "/" + Pointer.escape(key))))
        }
        return .object(result)
    }

    /// A component in place: a `$ref` to the root's own `components/<kind>/` as it is, any other
    /// `$ref` as one to the component it is now, anything else with its insides brought in.
    private mutating func component(_ kind: String, _ node: DocumentValue, file: String, pointer: String)
        throws(CodegenError) -> DocumentValue
    {
        guard node["$ref"] != nil else { return try contents(kind, node, file: file, pointer: pointer) }
        let target: DocumentValue
        let targetFile: String
        let targetPointer: String
        do {
            (target, targetFile, targetPointer) = try follow(node, file: file, pointer: pointer)
        } catch {
            // A `$ref` to nothing: left for the translator, which leaves out what needs it and says so.
            return rewritten(node, from: file)
        }
        let tokens = targetPointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        if targetFile == rootPath, tokens.count == 3, tokens.first == "components",
            tokens.dropFirst().first?
                .elementsEqual(kind) == true
        {
            return .object([("$ref", .string("#" + targetPointer))])
        }
        let key = targetFile + "#" + targetPointer
        if let local = bundled[key] { return .object([("$ref", .string(local))]) }
        // Its key where it has one (`parameters.yaml#/Limit` → `Limit`), else its file's name.
        var base = tokens.last.map { Pointer.unescape(String($0)) } ?? ""
        if base.isEmpty || Int(base) != nil { base = SchemaNormalizer.stem(of: targetFile) }
        let name = unique(base.isEmpty ? kind : base, kind: kind)
        let local = "#/components/\(kind)/" + Pointer.escape(name)
        bundled[key] = local
        let value = try contents(kind, target, file: targetFile, pointer: targetPointer)
        added[kind, default: []].append((name, value))
        return .object([("$ref", .string(local))])
    }

    /// A component's own members, its `$ref`s brought in or rewritten.
    private mutating func contents(_ kind: String, _ node: DocumentValue, file: String, pointer: String)
        throws(CodegenError) -> DocumentValue
    {
        guard let members = node.members else { return node }
        var result: [(key: String, value: DocumentValue)] = []
        for (key, value) in members {
            let at = pointer + "/" + Pointer.escape(key)
            switch (kind, key) {
            case (_, "content"):
                var media: [(key: String, value: DocumentValue)] = []
                for (type, entry) in value.members ?? [] {
                    media.append((type, try mediaType(entry, file: file, pointer: at + "/" + Pointer.escape(type))))
                }
                result.append((key, value.members == nil ? value : .object(media)))
            case ("responses", "headers"):
                result.append((key, try map("headers", value, file: file, pointer: at)))
            case (_, "examples") where kind != "examples":
                result.append((key, try map("examples", value, file: file, pointer: at)))
            case ("examples", _), (_, "example"):
                result.append((key, value))
            default:
                result.append((key, rewritten(value, from: file)))
            }
        }
        return .object(result)
    }

    private mutating func mediaType(_ node: DocumentValue, file: String, pointer: String) throws(CodegenError)
        -> DocumentValue
    {
        guard let members = node.members else { return node }
        var result: [(key: String, value: DocumentValue)] = []
        for (key, value) in members {
            let at = pointer + "/" + Pointer.escape(key)
            switch key {
            case "examples":
                result.append((key, try map("examples", value, file: file, pointer: at)))
            case "example":
                result.append((key, value))
            case "encoding":
                var entries: [(key: String, value: DocumentValue)] = []
                for (property, encoding) in value.members ?? [] {
                    var fields: [(key: String, value: DocumentValue)] = []
                    for (field, inner) in encoding.members ?? [] {
                        let here = at + "/" + Pointer.escape(property) + "/" + Pointer.escape(field)
                        fields.append(
                            (field, field == "headers" ? try map("headers", inner, file: file, pointer: here) : inner))
                    }
                    entries.append((property, encoding.members == nil ? encoding : .object(fields)))
                }
                result.append((key, value.members == nil ? value : .object(entries)))
            default:
                result.append((key, rewritten(value, from: file)))
            }
        }
        return .object(result)
    }

    private mutating func unique(_ base: String, kind: String) -> String {
        var name = base
        var suffix = 2
        while taken[kind, default: []].contains(name) {
            name = base + String(suffix)
            suffix += 1
        }
        taken[kind, default: []].insert(name)
        return name
    }
}
