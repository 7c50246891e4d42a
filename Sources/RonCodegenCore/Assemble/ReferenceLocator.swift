import Foundation

/// Finds the file a relative `$ref` names, wherever the user put the files of a description:
///
/// 1. from the referring document's own folder, as the reference is written;
/// 2. else at the same relative path on the other side of `References/`: a document of the schema
///    folder that names `resources/a.yml` finds `References/resources/a.yml`, and a reference
///    document that names a file beside the root finds it in the schema folder (the schema folder
///    and `References/`, the `--references` folder read into it, are one tree laid over the other);
/// 3. else by its file name alone, anywhere in the schema folder and the references folders; two
///    files of that name are an error naming both and the referring place.
///
/// ``DescriptionAssembler`` finds the parts of a description with it and writes each `$ref` that
/// only steps 2 and 3 find as the path that names the file from where it is written, so every later
/// stage reads the description as if it had been laid out whole in one folder.
struct ReferenceLocator {
    /// Every file at hand: the schema folder's paths, and the reference documents' under `References/`.
    let files: Set<String>
    /// The paths of every file name.
    private let byName: [String: [String]]

    /// A locator over the files at `paths`.
    init(paths: some Sequence<String>) {
        let files = Set(paths)
        self.files = files
        var byName: [String: [String]] = [:]
        for path in files.sorted() {
            byName[Self.name(of: path), default: []].append(path)
        }
        self.byName = byName
    }

    /// The file a `$ref` written at `pointer` in the file `base` names: `base` itself for a fragment,
    /// `nil` for an absolute URI (`https://…`, `urn:…`) or a file found by none of the three ways.
    /// Two files of the file name, where only the name finds one, are a located error.
    func locate(_ ref: String, from base: String, at pointer: String) throws(CodegenError) -> String? {
        guard let written = DescriptionAssembler.file(of: ref, from: base) else { return nil }
        if written == base || files.contains(written) { return written }
        let mirrored =
            written.hasPrefix(CodeGenerator.referencesFolder)
            ? String(written.dropFirst(CodeGenerator.referencesFolder.count))
            : CodeGenerator.referencesFolder + written
        if files.contains(mirrored) { return mirrored }
        let candidates = byName[Self.name(of: written)] ?? []
        guard candidates.count > 1 else { return candidates.first }
        let others = candidates.count > 2 ? " (and \(candidates.count - 2) more)" : ""
        throw CodegenError(
            file: base, pointer: pointer,
            message:
                "$ref '\(ref)' names '\(written)', which is not in the schema folder nor under \(CodeGenerator.referencesFolder) at that path, and two files have its name: '\(candidates[0])' and '\(candidates[1])'\(others); write the path of the one it means"
        )
    }

    /// The last component of a path.
    static func name(of path: String) -> String {
        ByteSearch.parts(of: path, separatedBy: 0x2F).last ?? ""
    }

    /// `node` (the file at `path`) with every `$ref` that names a file only the second or third way
    /// written as the relative path of that file, its fragment kept; the files it names, the way
    /// they are found, in the order found. A `$ref` inside data (`example`, `default`, `enum`,
    /// `const`, an example's `value`, a list of `examples`) is no reference: it is left as written,
    /// and only the file its written path names is reported.
    func relocating(_ node: DocumentValue, path: String) throws(CodegenError) -> (
        node: DocumentValue, files: [String]
    ) {
        // A file whose every `$ref` is within itself (`#/…`, as a description in one file writes
        // them) is left as it is: walking it is cheaper than building it again.
        if CodeGenerator.allReferences(in: node, { $0.isEmpty || $0.hasPrefix("#") }) { return (node, []) }
        var found: [String] = []
        var seen: Set<String> = []
        let result = try relocating(node, path: path, pointer: "", names: false, found: &found, seen: &seen)
        return (result, found)
    }

    /// Keys whose members are names (of properties, components, paths, media types), not keywords.
    static let nameMaps: Set<String> = [
        "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "schemas", "paths",
        "parameters", "responses", "requestBodies", "headers", "securitySchemes", "pathItems", "callbacks",
        "links", "content", "encoding", "variables", "webhooks", "components", "examples",
    ]

    /// Keys whose values are data, whose `$ref` members are not references.
    static let dataKeys: Set<String> = ["example", "default", "enum", "const", "x-examples", "value"]

    private func relocating(
        _ node: DocumentValue, path: String, pointer: String, names: Bool, found: inout [String],
        seen: inout Set<String>
    ) throws(CodegenError) -> DocumentValue {
        switch node {
        case .object(let members):
            var result: [(key: String, value: DocumentValue)] = []
            result.reserveCapacity(members.count)
            for (key, value) in members {
                let here = pointer + "/" + Pointer.escape(key)
                // A string `$ref` is a reference even among names (`properties: {$ref: …}`, which
                // some descriptions use for a map of properties in a file of its own).
                if key == "$ref", let ref = value.string {
                    guard let file = try locate(ref, from: path, at: here) else {
                        result.append((key, value))
                        continue
                    }
                    if file != path, seen.insert(file).inserted { found.append(file) }
                    result.append((key, .string(rewritten(ref, from: path, to: file))))
                } else if !names, Self.dataKeys.contains(key) || (key == "examples" && value.arrayValue != nil) {
                    // Data: only the files its `$ref`s name as written, as before.
                    for ref in CodeGenerator.references(in: value) {
                        guard let file = DescriptionAssembler.file(of: ref, from: path), file != path,
                            files.contains(file), seen.insert(file).inserted
                        else { continue }
                        found.append(file)
                    }
                    result.append((key, value))
                } else {
                    let names = !names && Self.nameMaps.contains(key) && value.members != nil
                    result.append(
                        (
                            key,
                            try relocating(
                                value, path: path, pointer: here, names: names, found: &found, seen: &seen)
                        ))
                }
            }
            return .object(result)
        case .array(let items):
            var result: [DocumentValue] = []
            result.reserveCapacity(items.count)
            for (offset, item) in items.enumerated() {
                result.append(
                    try relocating(
                        item, path: path, pointer: pointer + "/\(offset)", names: false, found: &found, seen: &seen))
            }
            return .array(result)
        default:
            return node
        }
    }

    /// `ref`, written in `path`, naming `file` (which it names as written, or another place that
    /// ``locate(_:from:at:)`` found).
    private func rewritten(_ ref: String, from path: String, to file: String) -> String {
        guard DescriptionAssembler.file(of: ref, from: path) != file else { return ref }
        let fragment = ref.firstIndex(of: "#").map { String(ref[$0...]) } ?? ""
        let relative = DescriptionAssembler.relativePath(from: path, to: file)
        return (relative.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? relative) + fragment
    }
}
