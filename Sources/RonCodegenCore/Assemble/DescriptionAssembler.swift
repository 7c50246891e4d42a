import Foundation

/// The schema folder's files as descriptions: the stage between parsing and normalizing.
///
/// - A Swagger 2.0 document is read as the OpenAPI 3.0 document it stands for (``SwaggerReader``).
/// - A file that an OpenAPI document reaches through `$ref`s (directly, or through other such
///   files) is a *part* of that description, not a document of its own, unless it declares itself
///   one: `openapi`, `swagger` or `$schema` at its top. Parts are read as reference documents (only
///   what a `$ref` names of them is generated), found from the root by their relative paths, else
///   under `References/` at those paths, else by file name (``ReferenceLocator``); a `$ref` found
///   the second or third way is written as the path that names the file. A reference document a
///   description reaches is one of its parts too, unless it declares itself a document.
/// - In each OpenAPI document, every `$ref` that stands for a path item, parameter, response,
///   request body, header or example and names another file, or a place of the document outside its
///   `components`, is brought in (``ComponentBundler``): a path item in place, the others into the
///   document's `components` under a name of their own. So the translator reads each description as
///   one document, as if it had been written in one file.
enum DescriptionAssembler {
    typealias Document = (path: String, root: DocumentValue)

    /// The documents to generate, the parts to read as reference documents, the reference
    /// documents no description reaches, what was done that a user should hear of, and how many
    /// operations each description declares.
    struct Assembly {
        var documents: [Document]
        var parts: [Document]
        var references: [Document] = []
        var notes: [CodegenError]
        /// Per OpenAPI document, in document order, the operations its `paths` declare as written
        /// (``ComponentBundler/declaredOperations``).
        var declaredOperations: [(path: String, count: Int)] = []
    }

    /// Assembles `documents` (the schema folder's, relative paths, in path order) with the
    /// reference documents (paths under `References/`), of which those a description reaches
    /// become its parts.
    static func assemble(_ documents: [Document], references: [Document] = []) throws(CodegenError) -> Assembly {
        var notes: [CodegenError] = []
        var read: [Document] = []
        for document in documents {
            if document.root == .null {
                // An empty YAML file, as a folder of many sometimes holds.
                notes.append(
                    CodegenError(
                        file: document.path, pointer: "", message: "the document is empty: nothing is generated from it"
                    ))
                continue
            }
            if document.root["swagger"] != nil, document.root["openapi"] == nil {
                let converted = try SwaggerReader.read(document.root, file: document.path)
                notes += converted.notes
                read.append((document.path, converted.document))
            } else {
                read.append(document)
            }
        }
        var byPath = Dictionary(read.map { ($0.path, $0.root) }, uniquingKeysWith: { first, _ in first })
        let referencePaths = Set(references.map(\.path)).subtracting(byPath.keys)
        for reference in references where byPath[reference.path] == nil { byPath[reference.path] = reference.root }
        let locator = ReferenceLocator(paths: byPath.keys)
        // Each file reached is read once: its `$ref`s located, and the files they name.
        var reaches: [String: [String]] = [:]
        var parts: Set<String> = []
        for description in read where description.root["openapi"] != nil {
            var pending = [description.path]
            var seen: Set<String> = [description.path]
            while let path = pending.popLast() {
                guard let root = byPath[path] else { continue }
                if reaches[path] == nil {
                    let relocated = try locator.relocating(root, path: path)
                    byPath[path] = relocated.node
                    reaches[path] = relocated.files
                }
                for file in reaches[path] ?? [] where seen.insert(file).inserted {
                    // A reference document that declares itself one stays one, as it was.
                    guard let target = byPath[file], !declaresItself(target) else { continue }
                    parts.insert(file)
                    pending.append(file)
                }
            }
        }
        var roots: [Document] = []
        var declared: [(path: String, count: Int)] = []
        for document in read where !parts.contains(document.path) {
            guard document.root["openapi"] != nil else {
                // Beside a description in several files, a file that no root reaches and that does not
                // declare itself a document is one of its files left unused (an example, a draft).
                if !parts.isEmpty, !declaresItself(document.root) {
                    notes.append(
                        CodegenError(
                            file: document.path, pointer: "",
                            message:
                                "no description refers to this file, and it declares no document of its own ($schema, openapi): nothing is generated from it"
                        ))
                    continue
                }
                roots.append(document)
                continue
            }
            var bundler = ComponentBundler(rootPath: document.path, files: byPath)
            roots.append((document.path, try bundler.bundle(byPath[document.path] ?? document.root)))
            notes += bundler.notes
            declared.append((document.path, bundler.declaredOperations))
        }
        // A reference document a description reaches is one of its parts, once.
        var partsRead = read.filter { parts.contains($0.path) }
        var taken = Set(partsRead.map(\.path))
        for reference in references where referencePaths.contains(reference.path) && parts.contains(reference.path) {
            guard taken.insert(reference.path).inserted else { continue }
            partsRead.append(reference)
        }
        return Assembly(
            documents: roots, parts: partsRead.map { ($0.path, byPath[$0.path] ?? $0.root) },
            references: references.filter { !parts.contains($0.path) }, notes: notes, declaredOperations: declared)
    }

    /// Whether a file is a document of its own even when another refers to it.
    static func declaresItself(_ root: DocumentValue) -> Bool {
        root["openapi"] != nil || root["swagger"] != nil || root["$schema"] != nil
    }

    /// The folder path of the file a `$ref` names from `base`: `base` itself for a fragment, `nil`
    /// for an absolute URI (`https://…`, `urn:…`), which names no file of the folder.
    static func file(of ref: String, from base: String) -> String? {
        // Byte by byte (`ByteSearch`): every `$ref` of a description passes here, some twice.
        let filePart = ByteSearch.cut(ref, at: 0x23).before
        if filePart.isEmpty { return base }
        if ByteSearch.contains(filePart, 0x3A) { return nil }
        let decoded = ByteSearch.contains(filePart, 0x25) ? (filePart.removingPercentEncoding ?? filePart) : filePart
        return decoded.hasPrefix("/") ? String(decoded.dropFirst()) : Pointer.join(base, decoded)
    }

    /// The path of `file` relative to the folder of `from` (`a/b.yaml`, `a/c/d.yaml` → `c/d.yaml`;
    /// `a/b.yaml`, `e.yaml` → `../e.yaml`).
    static func relativePath(from: String, to file: String) -> String {
        var folder = ByteSearch.parts(of: from, separatedBy: 0x2F)
        _ = folder.popLast()
        let target = ByteSearch.parts(of: file, separatedBy: 0x2F)
        var common = 0
        while common < folder.count, common < target.count - 1, folder[common] == target[common] {
            common += 1
        }
        let up = Array(repeating: "..", count: folder.count - common)
        return Pointer.joined(up + target[common...])
    }
}
