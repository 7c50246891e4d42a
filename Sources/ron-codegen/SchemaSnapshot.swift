import Foundation
import RonCodegenCore

/// One side of a diff: schema documents and (optionally) fixtures, read from a folder or from a
/// git revision with `git show` (no checkout).
struct SchemaSnapshot {
    /// How the side is named in messages: a folder path or `REV:Schema`.
    var label: String
    /// Document path relative to the schema folder → contents.
    var documents: [(path: String, data: Data)]
    /// Fixture path relative to the fixtures folder (`<Type>/<name>.json`) → contents.
    var fixtures: [(path: String, data: Data)]
    /// Where the fixtures were looked for (a folder, or `REV:path`), for the note that says so.
    var fixturesLabel = "nowhere"

    /// A bad side: exit status 2 with a one-line message.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The model of the documents, or the generator's located error, prefixed with the side's label.
    func model() throws -> SchemaModel {
        do {
            return try CodeGenerator().model(
                documents: documents.map { ($0.path, String(decoding: $0.data, as: UTF8.self)) })
        } catch let error as CodegenError {
            throw Failure(
                description:
                    "\(label)/\(error.file): \(error.pointer.isEmpty ? "" : "at \(error.pointer): ")\(error.message)"
            )
        }
    }

    // MARK: Folders

    static func folder(_ schema: URL, fixtures: URL?) throws -> SchemaSnapshot {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: schema.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw Failure(description: "\(schema.path): the schema folder does not exist") }
        let paths = try SchemaDocumentReader.documentPaths(in: schema)
        guard !paths.isEmpty else { throw Failure(description: "\(schema.path): no *.json or *.toml schema documents") }
        let documents = try paths.map { path in
            guard let data = FileManager.default.contents(atPath: schema.appending(path: path).path) else {
                throw Failure(description: "\(schema.appending(path: path).path): cannot read the file")
            }
            return (path, data)
        }
        var examples: [(path: String, data: Data)] = []
        if let fixtures, let walker = FileManager.default.enumerator(atPath: fixtures.path) {
            while let relative = walker.nextObject() as? String {
                guard relative.split(separator: "/").count == 2,
                    let data = FileManager.default.contents(atPath: fixtures.appending(path: relative).path)
                else { continue }
                examples.append((relative, data))
            }
        }
        var snapshot = SchemaSnapshot(label: schema.path, documents: documents, fixtures: examples)
        if let fixtures { snapshot.fixturesLabel = fixtures.path }
        return snapshot
    }

    // MARK: Git

    /// The schema folder `schemaPath` (and the fixtures folder `fixturesPath`, by default its sibling
    /// `Fixtures/`) as committed at `revision` in the repository around `directory`.
    static func git(
        revision: String, schemaPath: String, in directory: URL, withFixtures: Bool, fixturesPath: String? = nil
    ) throws -> SchemaSnapshot {
        let git = Git(directory: directory)
        guard (try? git.run(["rev-parse", "--verify", "--quiet", revision + "^{commit}"])) != nil else {
            throw Failure(description: "'\(revision)' is not a git revision of \(directory.path)")
        }
        let folder = schemaPath.hasSuffix("/") ? String(schemaPath.dropLast()) : schemaPath
        let documents = try git.files(at: revision, under: folder).filter {
            $0.hasSuffix(".json") || $0.hasSuffix(".toml")
        }
        guard !documents.isEmpty else {
            throw Failure(description: "\(revision) has no \(folder)/ folder with *.json or *.toml schema documents")
        }
        let fixturesFolder =
            fixturesPath.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
            ?? ((folder as NSString).deletingLastPathComponent as NSString).appendingPathComponent("Fixtures")
        let fixtures = withFixtures ? try git.files(at: revision, under: fixturesFolder) : []
        var snapshot = SchemaSnapshot(
            label: "\(revision):\(folder)",
            documents: try documents.map { ($0, try git.show(revision, folder + "/" + $0)) },
            fixtures: try fixtures.filter { $0.split(separator: "/").count == 2 }.map {
                ($0, try git.show(revision, fixturesFolder + "/" + $0))
            })
        snapshot.fixturesLabel = "\(revision):\(fixturesFolder)"
        return snapshot
    }
}

/// `git` in a folder, for reading committed files without a checkout.
struct Git {
    var directory: URL

    /// The paths below `folder` at `revision`, relative to `folder`.
    func files(at revision: String, under folder: String) throws -> [String] {
        let listing = try run(["ls-tree", "-r", "--name-only", "--full-tree", revision, "--", folder + "/"])
        let prefix = folder + "/"
        return String(decoding: listing, as: UTF8.self).split(separator: "\n").map(String.init)
            .filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }.sorted()
    }

    /// The contents of `path` (from the repository's root) at `revision`.
    func show(_ revision: String, _ path: String) throws -> Data {
        try run(["show", "\(revision):\(path)"])
    }

    /// Runs `git` with `arguments`; its standard output, or a failure with its first error line.
    func run(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory.path] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw SchemaSnapshot.Failure(description: "cannot run git: \(error.localizedDescription)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let line = String(decoding: message, as: UTF8.self).split(separator: "\n").first.map(String.init)
            throw SchemaSnapshot.Failure(description: "git \(arguments.first ?? ""): \(line ?? "failed")")
        }
        return data
    }
}
