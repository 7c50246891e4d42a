import Foundation

/// The `$ref`s of a description's files as the bundler reads them: followed to their target, and
/// written again to name the same place from the root document.
extension ComponentBundler {
    /// `node` with its `$ref`s followed to the first value that is not one (up to 32 steps).
    func follow(_ node: DocumentValue, file: String, pointer: String) throws(CodegenError) -> (
        DocumentValue, String, String
    ) {
        var current = (node, file, pointer)
        var seen: Set<String> = [file + "#" + pointer]
        for _ in 0..<32 {
            guard let ref = current.0["$ref"]?.string else { return current }
            current = try resolve(ref, from: current.1, at: current.2 + "/$ref")
            guard seen.insert(current.1 + "#" + current.2).inserted else {
                throw CodegenError(
                    file: file, pointer: pointer + "/$ref",
                    message: "the $ref names itself, through \(seen.count - 1) others")
            }
        }
        throw CodegenError(file: file, pointer: pointer + "/$ref", message: "the $ref leads through 32 others")
    }

    /// The value a `$ref` written at `at` in `file` names, with its file and pointer.
    func resolve(_ ref: String, from file: String, at: String) throws(CodegenError) -> (
        DocumentValue, String, String
    ) {
        guard let targetFile = DescriptionAssembler.file(of: ref, from: file) else {
            throw CodegenError(
                file: file, pointer: at,
                message:
                    "$ref '\(ref)' names a document by absolute URI: put it in the schema folder and refer to it by its relative path"
            )
        }
        guard let document = files[targetFile] else {
            throw CodegenError(
                file: file, pointer: at,
                message:
                    "$ref '\(ref)' names '\(targetFile)', which is not in the schema folder (nor under \(CodeGenerator.referencesFolder) at that path, nor anywhere by its file name)"
            )
        }
        let fragment = ref.firstIndex(of: "#").map { String(ref[ref.index(after: $0)...]) } ?? ""
        let pointer = fragment.removingPercentEncoding ?? fragment
        var value = document
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = Pointer.unescape(String(token))
            if let next = value[key] {
                value = next
            } else if let items = value.arrayValue, let offset = Int(key), items.indices.contains(offset) {
                value = items[offset]
            } else {
                throw CodegenError(
                    file: file, pointer: at, message: "$ref '\(ref)': nothing at '\(pointer)' in \(targetFile)")
            }
        }
        return (value, targetFile, pointer == "/" ? "" : pointer)
    }

    /// `node` (from `file`) with every `$ref` it holds naming the same place from the root.
    func rewritten(_ node: DocumentValue, from file: String) -> DocumentValue {
        guard file != rootPath else { return node }
        switch node {
        case .object(let members):
            return .object(
                members.map { key, value in
                    if key == "$ref", let ref = value.string { return (key, .string(rebased(ref, from: file))) }
                    if Self.dataKeys.contains(key) { return (key, value) }
                    return (key, rewritten(value, from: file))
                })
        case .array(let items):
            return .array(items.map { rewritten($0, from: file) })
        default:
            return node
        }
    }

    /// `ref` as written in `file`, written from the root instead.
    func rebased(_ ref: String, from file: String) -> String {
        guard let target = DescriptionAssembler.file(of: ref, from: file) else { return ref }
        let fragment = ref.firstIndex(of: "#").map { String(ref[$0...]) } ?? ""
        if target == rootPath { return fragment.isEmpty ? "#" : fragment }
        let path = DescriptionAssembler.relativePath(from: rootPath, to: target)
        return (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path) + fragment
    }
}
