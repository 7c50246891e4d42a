import Foundation
import Testing

@testable import RonCodegenCore

@Suite("A large YAML document read in pieces")
struct YAMLPiecesTests {
    /// The document read whole, as before it was read in pieces.
    private func whole(_ text: String) -> Result<DocumentValue, YAMLDocumentParser.SyntaxError> {
        YAMLDocumentParser.lineBytes(of: text).withUnsafeBufferPointer { buffer in
            var parser = YAMLDocumentParser(bytes: buffer)
            do throws(YAMLDocumentParser.SyntaxError) {
                return .success(try parser.parseStream())
            } catch {
                return .failure(error)
            }
        }
    }

    /// The document read in pieces, or `nil` where it is read whole.
    private func pieces(_ text: String) -> DocumentValue? {
        YAMLDocumentParser.lineBytes(of: text).withUnsafeBufferPointer { YAMLDocumentParser.parseInPieces($0) }
    }

    /// What the reader gives: the value, or the error's place and message.
    private func read(_ text: String) -> Result<DocumentValue, YAMLDocumentParser.SyntaxError> {
        do throws(YAMLDocumentParser.SyntaxError) {
            return .success(try YAMLDocumentParser.parse(text))
        } catch {
            return .failure(error)
        }
    }

    private func same(
        _ first: Result<DocumentValue, YAMLDocumentParser.SyntaxError>,
        _ second: Result<DocumentValue, YAMLDocumentParser.SyntaxError>
    ) -> Bool {
        switch (first, second) {
        case (.success(let a), .success(let b)): return a == b
        case (.failure(let a), .failure(let b)): return (a.line, a.column, a.message) == (b.line, b.column, b.message)
        default: return false
        }
    }

    /// `head`, then enough schemas under `components` for the document to be read in pieces, then `tail`.
    private func large(_ head: String, _ tail: String = "") -> String {
        var text = head + "components:\n  schemas:\n"
        for index in 0..<3_000 {
            text += "    Filler\(index):\n      type: string\n"
            text += "      description: a schema that only makes the document large enough to be cut\n"
        }
        return text + tail
    }

    @Test("random descriptions read in pieces as they read whole, compact sequences and a leading --- included")
    func randomDescriptions() {
        var random = SeededRandom(seed: 0x71EC_E5)
        for index in 0..<6 {
            let paths = (0..<2_400).map { ("/things/\($0)/\(RandomTree.string(using: &random))", path(&random)) }
            let schemas = (0..<3_000).map { (key: "Schema\($0)", value: RandomTree.value(depth: 1, using: &random)) }
            let written = DocumentValue.object([
                ("openapi", .string("3.1.0")),
                ("tags", .array([.object([("name", .string("a"))]), .object([("name", .string("b"))])])),
                ("paths", .object(uniquelyKeyed(paths))),
                ("components", .object([("schemas", .object(schemas)), ("examples", .object([]))])),
            ])
            // Without `*`, so no text looks like an alias (the guess would send the document whole).
            let tree = withoutAsterisks(written)
            let text =
                (index % 2 == 0 ? "" : "---\n# written by a tool\n") + YAMLTestWriter.document(tree, using: &random)
            #expect(text.utf8.count >= YAMLDocumentParser.piecesFrom)
            #expect(same(read(text), .success(tree)), "description \(index)")
            #expect(pieces(text) == tree, "description \(index)")
        }
    }

    private func withoutAsterisks(_ value: DocumentValue) -> DocumentValue {
        switch value {
        case .string(let text): return .string(text.replacingOccurrences(of: "*", with: "+"))
        case .array(let items): return .array(items.map(withoutAsterisks))
        case .object(let members):
            var seen: Set<String> = []
            return .object(
                members.compactMap { member in
                    let key = member.key.replacingOccurrences(of: "*", with: "+")
                    return seen.insert(key).inserted ? (key, withoutAsterisks(member.value)) : nil
                })
        default: return value
        }
    }

    private func path(_ random: inout SeededRandom) -> DocumentValue {
        .object([("get", RandomTree.value(depth: 1, using: &random)), ("summary", .string("list"))])
    }

    private func uniquelyKeyed(_ members: [(String, DocumentValue)]) -> [(key: String, value: DocumentValue)] {
        var seen: Set<String> = []
        return members.filter { seen.insert($0.0).inserted }.map { (key: $0.0, value: $0.1) }
    }

    @Test(
        "where pieces could differ, the document is read whole: its value or error is the whole reading's",
        arguments: [
            // An alias to an anchor in another piece: guessed, so read whole at once.
            ("base: &base {type: string}\n", "paths:\n  /a:\n    schema: *base\n", true),
            // An alias the guess misses: its piece fails, then the whole is read.
            ("base: &a+b {type: string}\n", "paths:\n  /a:\n    schema: *a+b\n", false),
            // The same key in two pieces.
            ("paths: {}\n", "paths: {}\n", false),
            // A quoted scalar's next line at the first column that looks like a key.
            ("info: \"first\nsecond: line\"\n", "", false),
            // A syntax error deep in a piece: its line is the document's.
            ("", "paths:\n  /a:\n    get: [unclosed\n", false),
            // A second document.
            ("first: document\n---\n", "", false),
        ])
    func readWhole(_ head: String, _ tail: String, _ guessed: Bool) {
        let text = large(head, tail)
        #expect(pieces(text) == nil)
        #expect(same(read(text), whole(text)))
        // The document is cut; the guess at aliases, or the pieces' own checks, send it whole.
        let bytes = YAMLDocumentParser.lineBytes(of: text)
        var runs: [(range: Range<Int>, depth: Int)] = []
        let cut = bytes.withUnsafeBufferPointer { buffer in
            YAMLDocumentParser.cut(buffer, 0..<buffer.count, column: 0, depth: 0, runs: &runs)
        }
        #expect(cut != nil && runs.count > 100)
        #expect(bytes.withUnsafeBufferPointer { YAMLDocumentParser.mayHoldAlias($0) } == guessed)
    }

    @Test("nesting is limited at the same depth in a piece as in the whole document")
    func nestingLimit() {
        var limits: [Bool] = []
        for levels in 250...256 {
            let deep = (0..<levels).map { String(repeating: "  ", count: $0 + 3) + "k:\n" }.joined()
            let text = large("", "    Deep:\n" + deep + "      end: 1\n")
            let reading = read(text)
            #expect(same(reading, whole(text)), "\(levels) levels")
            if case .success = reading { #expect(pieces(text) != nil, "\(levels) levels") }
            limits.append((try? reading.get()) != nil)
        }
        // The limit falls inside the range: some read, the deepest do not.
        #expect(limits.contains(true) && limits.contains(false))
    }

    @Test("an anchor guess: aliases where a node may start, not text that looks like one")
    func aliasGuess() {
        func guess(_ text: String) -> Bool {
            Array(text.utf8).withUnsafeBufferPointer { YAMLDocumentParser.mayHoldAlias($0) }
        }
        #expect(guess("a: *ref_0\n"))
        #expect(guess("- *item\n"))
        #expect(guess("list: [*a, *b]\n"))
        #expect(guess("*key : value\n"))
        #expect(!guess("description: 'Default: *'\n"))
        #expect(!guess("description: |\n  **Note**: this\n  *Notes*:\n  - *emphasis* here\n"))
        #expect(!guess("pattern: '^a*b$'\nurl: https://x.example/?a=1&b=2\n"))
    }
}
