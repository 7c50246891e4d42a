import Foundation
import Testing

@testable import RonCodegenCore

/// A large YAML document read in pieces on every core is the document read as one, or is left to
/// that one read; never another value.
@Suite("The YAML reader in pieces")
struct YAMLPiecesTests {
    /// `text` read in pieces (`count` of them) and as one: equal whenever the pieces give a value.
    @discardableResult
    private func agrees(_ text: String, count: Int = 16, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let bytes = YAMLDocumentParser.lineBytes(of: text)
        guard let pieces = YAMLDocumentParser.inPieces(bytes, count: count) else { return false }
        #expect(pieces == (try? YAMLDocumentParser.parseWhole(bytes)), sourceLocation: sourceLocation)
        return true
    }

    /// A description-shaped document of `paths` paths and `schemas` component schemas, with the
    /// constructs a cut must not break: block scalars whose lines start like keys, indentless
    /// sequences, comments, quoted keys and multi-line quoted scalars.
    static func description(paths: Int, schemas: Int) -> String {
        var text =
            "# a description\nopenapi: 3.0.3\ninfo:\n  title: Pets\n  description: |\n    Lines:\n    paths: not a key\n  version: '1'\ntags:\n- name: pets\n- name: stores\npaths:\n"
        for index in 0..<paths {
            text += "  /pets/\(index):\n    get:\n      operationId: get\(index)\n"
            text += "      description: >\n        folded text\n        with: colons\n"
            text += "      responses:\n        '200':\n          description: \"a quoted\n            answer\"\n"
            text += "  # a comment between paths\n"
        }
        text += "components:\n  schemas:\n"
        for index in 0..<schemas {
            text += "    Pet\(index):\n      type: object\n      required:\n      - id\n      properties:\n"
            text += "        id: {type: integer, format: int64}\n        \"quoted: key\": {type: string}\n"
        }
        text += "x-tail: [1, 2, 3]\n"
        return text
    }

    @Test("a description's entries and the entries of its paths are read in pieces, to the same value")
    func aDescriptionIsReadInPieces() throws {
        let text = Self.description(paths: 40, schemas: 30)
        let bytes = YAMLDocumentParser.lineBytes(of: text)
        let pieces = try #require(bytes.withUnsafeBufferPointer { YAMLDocumentParser.pieces(of: $0, count: 16) })
        #expect(pieces.contains { $0.parent?.key == "paths" }, "the paths were not cut")
        #expect(pieces.count > 8)
        for count in [2, 4, 16, 64] {
            #expect(agrees(text, count: count), "no pieces for \(count)")
        }
    }

    @Test(
        "what a cut would change is read as one",
        arguments: [
            // A quoted scalar over a line that starts like a key.
            "a: 1\nb: \"open\nc: close\"\nd:\n  e: 1\n  f: 2\n",
            // An alias to an anchor of an earlier piece, and one within a piece.
            "a: &x 1\nb: 2\nc: *x\n", "a:\n  b: &y 1\n  c: *y\nd: 1\n",
            // A key given twice across pieces, at the top and inside a cut entry.
            "a: 1\nb: 2\na: 3\n", "p:\n  x: 1\n  y: 2\n  x: 3\nq: 1\n",
            // A second document, a directive, an explicit key, a flow mapping over lines.
            "a: 1\n---\nb: 2\n", "%YAML 1.2\n---\na: 1\nb: 2\n", "a: 1\n? b\n: 2\nc: 3\n", "a: {x: 1,\ny: 2}\nb: 3\n",
            // Not a mapping at the first column.
            "- a\n- b\n", "  a: 1\n  b: 2\n", "plain text: no\nmore: text\n",
        ])
    func unsureCutsAreLeftToOneRead(_ text: String) {
        let bytes = YAMLDocumentParser.lineBytes(of: text)
        let pieces = YAMLDocumentParser.inPieces(bytes, count: 64)
        let whole = try? YAMLDocumentParser.parseWhole(bytes)
        // Either left to the one read, or (the last one: a plain mapping) the same value.
        #expect(pieces == nil || pieces == whole)
        if text.hasPrefix("plain") { #expect(pieces != nil) }
    }

    @Test("every YAML document of the package reads to the same value in pieces")
    func thePackagesDocumentsAgree() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var folders = ["Schema", "Fixtures", "Tests", "examples"].map { root.appending(path: $0) }
        // More documents (published descriptions, say) when asked.
        if let extra = ProcessInfo.processInfo.environment["RON_YAML_CORPUS"] {
            folders.append(URL(fileURLWithPath: extra))
        }
        var read = 0
        for folder in folders {
            guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let file as URL in walk where ["yaml", "yml"].contains(file.pathExtension) {
                guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
                for count in [4, 16] where agrees(text, count: count) { read += 1 }
            }
        }
        #expect(read > 10, "only \(read) documents were read in pieces")
    }
}
