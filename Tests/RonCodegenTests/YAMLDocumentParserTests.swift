import Foundation
import Testing

@testable import RonCodegenCore

@Suite("The YAML reader")
struct YAMLDocumentParserTests {
    private func parse(_ text: String) throws(YAMLDocumentParser.SyntaxError) -> DocumentValue {
        try YAMLDocumentParser.parse(text)
    }

    // MARK: Block structure

    @Test("block mappings keep member order; nested mappings and sequences follow indentation")
    func blockCollections() throws {
        let value = try parse(
            """
            zeta: 1
            alpha:
              beta: two
              gamma:
                - x
                - y
            list:
            - at the key's indentation
            - second
            last: end
            """)
        #expect(value.members?.map(\.key) == ["zeta", "alpha", "list", "last"])
        #expect(
            value["alpha"]
                == .object([("beta", .string("two")), ("gamma", .array([.string("x"), .string("y")]))]))
        #expect(value["list"] == .array([.string("at the key's indentation"), .string("second")]))
        #expect(value["last"] == .string("end"))
    }

    @Test("sequences of mappings and compact nested sequences")
    func compactCollections() throws {
        let value = try parse(
            """
            - name: a
              in: query
              schema:
                type: string
            - - one
              - - deep
              - two
            -
              after: a line break
            - b: 1
              c:
              - x
              d: 2
            """)
        #expect(
            value
                == .array([
                    .object([
                        ("name", .string("a")), ("in", .string("query")),
                        ("schema", .object([("type", .string("string"))])),
                    ]),
                    .array([.string("one"), .array([.string("deep")]), .string("two")]),
                    .object([("after", .string("a line break"))]),
                    .object([("b", .number("1")), ("c", .array([.string("x")])), ("d", .number("2"))]),
                ]))
    }

    @Test("empty values are null; comments are skipped wherever they may stand")
    func emptiesAndComments() throws {
        let value = try parse(
            """
            # a leading comment
            a:   # nothing here
            b: value # trailing
              # indented comment line

            c: not#a comment
            d:
            - # an empty entry
            - ~
            """)
        #expect(
            value
                == .object([
                    ("a", .null), ("b", .string("value")), ("c", .string("not#a comment")),
                    ("d", .array([.null, .null])),
                ]))
        #expect(try parse("") == .null)
        #expect(try parse("# only a comment\n\n") == .null)
    }

    @Test("document markers, directives and CRLF line ends")
    func documentMarkers() throws {
        #expect(try parse("%YAML 1.2\n---\na: 1\n...\n# after the end\n") == .object([("a", .number("1"))]))
        #expect(try parse("--- |\n  text\n") == .string("text\n"))
        #expect(try parse("--- [1, 2]\n") == .array([.number("1"), .number("2")]))
        #expect(try parse("a: 1\r\nb:\r\n  - x\r\n") == .object([("a", .number("1")), ("b", .array([.string("x")]))]))
    }

    // MARK: Scalars

    @Test(
        "plain scalars resolve by the YAML 1.2 core schema",
        arguments: [
            ("null", DocumentValue.null), ("Null", .null), ("NULL", .null), ("~", .null),
            ("true", .bool(true)), ("True", .bool(true)), ("FALSE", .bool(false)),
            ("0", .number("0")), ("-12", .number("-12")), ("+7", .number("7")), ("007", .number("7")),
            ("-0", .number("-0")), ("0o17", .number("15")), ("0x1F", .number("31")), ("0xff", .number("255")),
            ("0x123456789ABCDEF0123", .number("5373003642731685151011")),
            ("1.5", .number("1.5")), ("-2.50", .number("-2.50")), ("1e5", .number("1e5")),
            ("2.5E-3", .number("2.5E-3")), ("1.", .number("1.0")), (".5", .number("0.5")),
            ("-.5e+3", .number("-0.5e+3")), ("+1.5", .number("1.5")), ("01.5", .number("1.5")),
            ("1.0.0", .string("1.0.0")), ("2024-01-02", .string("2024-01-02")), ("yes", .string("yes")),
            ("0x", .string("0x")), ("1_000", .string("1_000")), ("nULL", .string("nULL")),
            ("http://example.com/a#b", .string("http://example.com/a#b")), ("-x", .string("-x")),
            ("a: b: c", nil), ("text with 'quotes' inside", .string("text with 'quotes' inside")),
        ] as [(String, DocumentValue?)])
    func resolvesPlainScalars(_ text: String, _ expected: DocumentValue?) throws {
        if let expected {
            #expect(try parse("value: \(text)")["value"] == expected, "\(text)")
        } else {
            #expect(throws: YAMLDocumentParser.SyntaxError.self) { try parse("value: \(text)") }
        }
    }

    @Test("quoted scalars are strings: escapes, '' in single quotes and line folding")
    func quotedScalars() throws {
        let value = try parse(
            #"""
            a: "tab\there \"q\" \\ \/ \x41\u00e9\U0001F600 \uD83D\uDE00 \0\a\b\v\f\r\e\ \N\_\L\P"
            b: 'it''s \n raw'
            c: "folded
              over   

              lines"
            d: 'single
               folded'
            e: "escaped \
              break"
            f: "12"
            g: 'true'
            h: ""
            """#)
        #expect(
            value["a"]
                == .string(
                    "tab\there \"q\" \\ / Aé😀 😀 \u{0}\u{7}\u{8}\u{B}\u{C}\r\u{1B} \u{85}\u{A0}\u{2028}\u{2029}"))
        #expect(value["b"] == .string(#"it's \n raw"#))
        #expect(value["c"] == .string("folded over\nlines"))
        #expect(value["d"] == .string("single folded"))
        #expect(value["e"] == .string("escaped break"))
        #expect(value["f"] == .string("12"))
        #expect(value["g"] == .string("true"))
        #expect(value["h"] == .string(""))
    }

    @Test("multi-line plain scalars fold their lines")
    func multiLinePlain() throws {
        let value = try parse(
            """
            description: This is a long
              description over

              several lines
            other: x
            """)
        #expect(value["description"] == .string("This is a long description over\nseveral lines"))
        #expect(value["other"] == .string("x"))
        #expect(try parse("- a\n  b\n- c") == .array([.string("a b"), .string("c")]))
    }

    @Test("literal and folded block scalars with chomping and indentation indicators")
    func blockScalars() throws {
        let value = try parse(
            """
            clip: |
              line one
                indented
              line three

            strip: |-
              text


            keep: |+
              text


            folded: >
              one
              two

              three
                more indented
              four
            foldedStrip: >-
              a
              b
            explicit: |2
                two extra
              base
            leadingEmpty: |

              after an empty line
            empty: |
            sequence:
              - |
                in a sequence
              - >-
                folded in
                a sequence
            last: |-
              no newline at the end
            """)
        #expect(value["clip"] == .string("line one\n  indented\nline three\n"))
        #expect(value["strip"] == .string("text"))
        #expect(value["keep"] == .string("text\n\n\n"))
        #expect(value["folded"] == .string("one two\nthree\n  more indented\nfour\n"))
        #expect(value["foldedStrip"] == .string("a b"))
        #expect(value["explicit"] == .string("  two extra\nbase\n"))
        #expect(value["leadingEmpty"] == .string("\nafter an empty line\n"))
        #expect(value["empty"] == .string(""))
        #expect(value["sequence"] == .array([.string("in a sequence\n"), .string("folded in a sequence")]))
        #expect(value["last"] == .string("no newline at the end"))
    }

    @Test("keys are strings as written, whatever they would resolve to")
    func keysAsWritten() throws {
        let value = try parse(
            """
            200: ok
            4XX: client
            1.50: one and a half
            null: n
            true: t
            "quoted key": q
            'single': s
            flow: {201: a, 1e3: b}
            """)
        #expect(
            value.members?.map(\.key) == ["200", "4XX", "1.50", "null", "true", "quoted key", "single", "flow"])
        #expect(value["flow"]?.members?.map(\.key) == ["201", "1e3"])
    }

    // MARK: Flow collections

    @Test("flow collections nest, span lines and take comments and trailing commas")
    func flowCollections() throws {
        let value = try parse(
            """
            a: {x: 1, y: [p, q], "z": {}}
            b: [
              one,   # a comment
              "two, quoted",
              [nested, [deeper]],
              {k: v},
              key: value,
              http://example.com/a,
            ]
            c: {a, b: , c: null}
            d: {"json":"style","n":[1,2]}
            e: [multi
              line plain, 'single
              quoted']
            """)
        #expect(
            value["a"]
                == .object([
                    ("x", .number("1")), ("y", .array([.string("p"), .string("q")])), ("z", .object([])),
                ]))
        #expect(
            value["b"]
                == .array([
                    .string("one"), .string("two, quoted"), .array([.string("nested"), .array([.string("deeper")])]),
                    .object([("k", .string("v"))]), .object([("key", .string("value"))]),
                    .string("http://example.com/a"),
                ]))
        #expect(value["c"] == .object([("a", .null), ("b", .null), ("c", .null)]))
        #expect(
            value["d"] == .object([("json", .string("style")), ("n", .array([.number("1"), .number("2")]))]))
        #expect(value["e"] == .array([.string("multi line plain"), .string("single quoted")]))
    }

    @Test("a JSON document is YAML too")
    func jsonIsYAML() throws {
        let json = #"{"a": [1, -2.5e3, true, null, "x\u00e9\n"], "b": {"c": {}}, "d": []}"#
        #expect(try parse(json) == (try JSONDocumentParser.parse(json)))
    }

    // MARK: Anchors, aliases and tags

    @Test("anchors and aliases are expanded")
    func anchorsAndAliases() throws {
        let value = try parse(
            """
            base: &base
              type: string
              maxLength: 10
            other: *base
            list: [&x 1, *x, *base]
            late: &base redefined
            again: *base
            """)
        let base = DocumentValue.object([("type", .string("string")), ("maxLength", .number("10"))])
        #expect(value["other"] == base)
        #expect(value["list"] == .array([.number("1"), .number("1"), base]))
        #expect(value["again"] == .string("redefined"))
        #expect(try parse("- &k key: 1\n- *k") == .array([.object([("key", .number("1"))]), .string("key")]))
        #expect(
            try parse("a: &n 200\nb: {*n : x}")
                == .object([("a", .number("200")), ("b", .object([("200", .string("x"))]))]))
    }

    @Test("the core tags are honoured; other tags are ignored")
    func tags() throws {
        let value = try parse(
            """
            str: !!str 12
            int: !!int "12"
            hex: !!int 0x10
            float: !!float 1
            bool: !!bool "true"
            null: !!null ""
            map: !!map {a: 1}
            seq: !!seq [1]
            emptyMap: !!map
            blockMap: !!map
              a: 1
            custom: !Custom 5
            nonSpecific: ! 5
            verbatim: !<tag:yaml.org,2002:str> 5
            emptyStr: !!str
            anchored: &a !!str 7
            alias: *a
            """)
        #expect(value["str"] == .string("12"))
        #expect(value["int"] == .number("12"))
        #expect(value["hex"] == .number("16"))
        #expect(value["float"] == .number("1"))
        #expect(value["bool"] == .bool(true))
        #expect(value["null"] == .null)
        #expect(value["map"] == .object([("a", .number("1"))]))
        #expect(value["seq"] == .array([.number("1")]))
        #expect(value["emptyMap"] == .object([]))
        #expect(value["blockMap"] == .object([("a", .number("1"))]))
        #expect(value["custom"] == .number("5"))
        #expect(value["nonSpecific"] == .string("5"))
        #expect(value["verbatim"] == .string("5"))
        #expect(value["emptyStr"] == .string(""))
        #expect(value["alias"] == .string("7"))
    }

    // MARK: Errors

    @Test func explicitKeysAsLongPathsAreWritten() throws {
        // A key too long for an implicit one (over 1024 characters is not allowed there), as
        // published descriptions write long paths: `? key` and its `: value` below.
        let text = """
            paths:
              /short:
                get: {operationId: a}
              ? /api/v1/namespaces/{namespace}/worker-deployment-versions/{name}/{build_id}/update-compute-config
              : post:
                  operationId: b
                  tags:
                    - W
              ? 'quoted: key'
              : plain
            ? top
            : - 1
              - 2
            """
        let value = try parse(text)
        let paths = try #require(value["paths"]?.members)
        #expect(
            paths.map(\.key) == [
                "/short",
                "/api/v1/namespaces/{namespace}/worker-deployment-versions/{name}/{build_id}/update-compute-config",
                "quoted: key",
            ])
        #expect(paths[1].value["post"]?["operationId"] == .string("b"))
        #expect(paths[1].value["post"]?["tags"] == .array([.string("W")]))
        #expect(paths[2].value == .string("plain"))
        #expect(value["top"] == .array([.number("1"), .number("2")]))
    }

    @Test("finds a key given twice in block and flow mappings of any size")
    func keyGivenTwice() throws {
        for count in [2, MemberKeys.compared - 1, MemberKeys.compared, MemberKeys.compared + 1, 30] {
            let keys = (0..<count).map { "k\($0)" }
            for first in 0..<count {
                for second in (first + 1)..<(count + 1) {
                    var twice = keys
                    if second < count { twice[second] = keys[first] } else { twice.append(keys[first]) }
                    let block = twice.map { "\($0): 1\n" }.joined()
                    let flow = "m: {" + twice.map { "\($0): 1" }.joined(separator: ", ") + "}\n"
                    for (text, line) in [(block, second + 1), (flow, 1)] {
                        do {
                            _ = try YAMLDocumentParser.parse(text)
                            Issue.record("\(count) keys, \(first) again at \(second): read")
                        } catch {
                            #expect(error.message.contains("duplicate key '\(keys[first])'"))
                            #expect(error.line == line, "\(count) keys, \(first) again at \(second)")
                        }
                    }
                }
            }
            let whole = keys.map { "\($0): 1\n" }.joined()
            #expect(try YAMLDocumentParser.parse(whole).members?.map(\.key) == keys)
        }
    }

    @Test(
        "refuses bad YAML with the line and column",
        arguments: [
            ("a: 1\na: 2\n", 2, 1, "duplicate key 'a'"),
            ("a: {x: 1, x: 2}\n", 1, 11, "duplicate key 'x'"),
            ("a:\n\tb: 1\n", 2, 1, "tab"),
            ("a: .inf\n", 1, 4, "not a JSON number"),
            ("a: [-.INF]\n", 1, 5, "not a JSON number"),
            ("a: .nan\n", 1, 4, "not a JSON number"),
            ("a: !!float .NaN\n", 1, 12, "not a JSON number"),
            ("a: 1\n---\nb: 2\n", 2, 1, "more than one YAML document"),
            ("a: 1\n...\nb: 2\n", 3, 1, "more than one YAML document"),
            ("a: &x [1, *x]\n", 1, 11, "cycle"),
            ("a: *nothing\n", 1, 4, "no anchor"),
            ("? [a]\n: b\n", 1, 3, "a mapping key must be a scalar"),
            ("x:\n  ? a\n  b: c\n", 2, 3, "needs its ': value' below it"),
            ("a: {? b: 1}\n", 1, 5, "complex mapping keys"),
            ("a: b: c\n", 1, 4, "a mapping cannot start on this line"),
            ("a: - b\n", 1, 4, "a block sequence cannot start"),
            ("a:\n  b:\n    c: 1\n   d: 2\n", 4, 4, "unexpected indentation"),
            ("a:\n  b: 1\n    c: 2\n", 3, 6, "unexpected ':'"),
            ("- a\n  - b: c\n", 2, 6, "unexpected ':'"),
            ("a: \"open\nb: 1\n", 1, 4, "unterminated string"),
            ("a: 'open\n", 1, 4, "unterminated single-quoted string"),
            ("a: [1, 2\n", 1, 4, "unterminated flow sequence"),
            ("a: {b: 1", 1, 4, "unterminated flow mapping"),
            ("a: [\"x\" y]\n", 1, 9, "expected ',' or ']'"),
            ("a: \"\\q\"\n", 1, 5, "invalid escape"),
            ("a: \"\\x4\"\n", 1, 5, "hex digits"),
            ("a: @x\n", 1, 4, "cannot start with '@'"),
            ("a: 'x' y\n", 1, 8, "unexpected text"),
            ("a: !!int x\n", 1, 4, "not a valid !!int"),
            ("a: !!bool 1\n", 1, 4, "not a valid !!bool"),
            ("a: !!str [1]\n", 1, 4, "cannot have the tag !!str"),
            ("a: !!seq {}\n", 1, 4, "cannot have the tag !!seq"),
            ("a: |0\n  x\n", 1, 5, "indentation indicator"),
            ("a: |x\n", 1, 5, "unexpected text after the block scalar"),
            ("[a]: 1\n", 1, 1, "must be a scalar"),
            ("a: {[x]: 1}\n", 1, 5, "must be a scalar"),
            ("  a: 1\nb: 2\n", 2, 1, "unexpected indentation"),
            ("key\nother: 1\n", 2, 6, "unexpected ':'"),
            ("a: 1\nb\n", 2, 2, "expected ':'"),
            ("%YAML 1.2\na: 1\n", 2, 1, "directive"),
            ("a: [x, \n---\n]\n", 2, 1, "document marker"),
            ("a: &x &y 1\n", 1, 7, "two anchors"),
            ("a: \"x\n---\ny\"\n", 2, 1, "document marker"),
        ])
    func refuses(_ text: String, _ line: Int, _ column: Int, _ message: String) {
        do {
            let value = try parse(text)
            Issue.record("parsed \(text.debugDescription) into \(value)")
        } catch {
            #expect(
                error.line == line && error.column == column && error.message.contains(message),
                "\(text.debugDescription): \(error.message) at \(error.line):\(error.column)")
        }
    }

    @Test("deep nesting is an error, not a crash")
    func deepNesting() {
        let flow = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let block = (0..<2_000).map { String(repeating: " ", count: $0) + "k:\n" }.joined()
        let compact = String(repeating: "- ", count: 2_000) + "x\n"
        for text in [flow, block, compact] {
            #expect {
                try parse(text)
            } throws: { error in
                (error as? YAMLDocumentParser.SyntaxError)?.message.contains("nesting deeper than 256") == true
            }
        }
        let nested = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(throws: Never.self) { try parse(nested) }
    }

    @Test("aliases cannot make a tree too large or too deep")
    func aliasLimits() throws {
        var laughs = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for (name, previous) in zip("bcdefghij", "abcdefghi") {
            laughs +=
                "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
        }
        #expect {
            try parse(laughs)
        } throws: { error in
            (error as? YAMLDocumentParser.SyntaxError)?.message.contains("aliases expand to more than") == true
        }
        var deep = "a0: &a0 " + String(repeating: "[", count: 200) + String(repeating: "]", count: 200) + "\n"
        for level in 1..<5 { deep += "a\(level): &a\(level) " + "[" + "*a\(level - 1)" + "]\n" }
        deep += "z: " + String(repeating: "[", count: 60) + "*a4" + String(repeating: "]", count: 60) + "\n"
        #expect {
            try parse(deep)
        } throws: { error in
            guard let error = error as? YAMLDocumentParser.SyntaxError else { return false }
            return error.message.contains("through the alias '*a4'") && error.line == 6
        }
    }

    // MARK: Reading documents

    @Test("a UTF-8 byte order mark is skipped in YAML, JSON and TOML documents")
    func byteOrderMark() throws {
        let bom = Data([0xEF, 0xBB, 0xBF])
        let expected = DocumentValue.object([("a", .number("1"))])
        #expect(try SchemaDocumentReader.parse(bom + Data("a: 1\n".utf8), path: "s.yaml") == expected)
        #expect(try SchemaDocumentReader.parse(bom + Data("a: 1\n".utf8), path: "s.yml") == expected)
        #expect(try SchemaDocumentReader.parse(bom + Data(#"{"a": 1}"#.utf8), path: "s.json") == expected)
        #expect(try SchemaDocumentReader.parse(bom + Data("a = 1\n".utf8), path: "s.toml") == expected)
        #expect(try YAMLDocumentParser.parse("\u{FEFF}a: 1") == expected)
    }

    @Test("a YAML syntax error names the file and the line:column")
    func readerError() {
        #expect {
            try SchemaDocumentReader.parse(Data("a: 1\nb: [1,\n".utf8), path: "api.yaml")
        } throws: { error in
            guard let error = error as? CodegenError else { return false }
            return error.file == "api.yaml" && error.pointer == "2:4" && error.message == "unterminated flow sequence"
        }
    }

    @Test("*.yaml and *.yml files are documents of a schema folder")
    func documentPaths() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "ron-yaml-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appending(path: "sub"), withIntermediateDirectories: true)
        for name in ["a.yaml", "sub/b.yml", "c.json", "d.toml", "notes.txt", ".hidden.yaml"] {
            try Data("{}".utf8).write(to: folder.appending(path: name))
        }
        #expect(try SchemaDocumentReader.documentPaths(in: folder) == ["a.yaml", "c.json", "d.toml", "sub/b.yml"])
    }

    @Test("a schema folder's documents: in hidden folders, through links to files, not through links to folders")
    func documentPathsThroughLinks() throws {
        let top = FileManager.default.temporaryDirectory.appending(path: "ron-walk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: top) }
        let folder = top.appending(path: "Schema")
        let manager = FileManager.default
        for inner in ["sub/deeper", ".hidden", "folder.json"] {
            try manager.createDirectory(at: folder.appending(path: inner), withIntermediateDirectories: true)
        }
        try manager.createDirectory(at: top.appending(path: "outside"), withIntermediateDirectories: true)
        for name in ["a.yaml", "sub/deeper/b.yml", ".hidden/c.json", "folder.json/d.json", "notes.txt", ".e.json"] {
            try Data("{}".utf8).write(to: folder.appending(path: name))
        }
        try Data("{}".utf8).write(to: top.appending(path: "outside/f.json"))
        try manager.createSymbolicLink(atPath: folder.appending(path: "g.json").path, withDestinationPath: "a.yaml")
        try manager.createSymbolicLink(
            atPath: folder.appending(path: "linked").path, withDestinationPath: top.appending(path: "outside").path)
        try manager.createSymbolicLink(
            atPath: folder.appending(path: "broken.json").path, withDestinationPath: "nowhere")
        #expect(
            try SchemaDocumentReader.documentPaths(in: folder) == [
                ".hidden/c.json", "a.yaml", "broken.json", "folder.json/d.json", "g.json", "sub/deeper/b.yml",
            ])
        // The link that leads nowhere is named by the error, not left out.
        #expect {
            _ = try SchemaDocumentReader.read(directory: folder)
        } throws: { error in
            (error as? CodegenError)?.file == "broken.json"
                && (error as? CodegenError)?.message == "cannot read the file"
        }
        // A folder that is not there is an error of its own.
        #expect(throws: CodegenError.self) { try SchemaDocumentReader.documentPaths(in: top.appending(path: "none")) }
    }

    @Test("an OpenAPI document in YAML reads into the tree of its JSON twin")
    func openAPIPetStore() throws {
        let yaml = try SchemaDocumentReader.parse(Data(Self.petStoreYAML.utf8), path: "openapi.yaml")
        let json = try SchemaDocumentReader.parse(Data(Self.petStoreJSON.utf8), path: "openapi.json")
        #expect(yaml == json)
        #expect(yaml["paths"]?["/pets"]?["get"]?["responses"]?.members?.map(\.key) == ["200", "default"])
    }

    @Test("a JSON Schema document in YAML becomes a model")
    func modelFromYAML() throws {
        let model = try CodeGenerator().model(documents: [
            (
                "api.yaml",
                """
                $schema: https://json-schema.org/draft/2020-12/schema
                $defs:
                  Pet:
                    description: >-
                      A pet in the store.
                    type: object
                    required: [id, name]
                    properties:
                      id: {type: string}
                      name:
                        type: string
                      tags:
                        type: array
                        items: {type: string}
                """
            )
        ])
        let pet = try #require(model.types.first { $0.name == "Pet" })
        guard case .structure(_, let fields) = pet.shape else {
            Issue.record("not a struct: \(pet.shape)")
            return
        }
        #expect(fields.listed.map(\.wireName) == ["id", "name", "tags"])
        #expect(fields.listed.map(\.required) == [true, true, false])
        #expect(pet.documentation?.contains("A pet in the store.") == true)
        #expect(pet.origin == Origin(file: "api.yaml", pointer: "/$defs/Pet"))
    }

    // MARK: Round trip

    @Test("random trees written as YAML read back equal")
    func roundTrip() throws {
        var random = SeededRandom(seed: 0x5EED_1234)
        for index in 0..<400 {
            let value = index % 10 == 0 ? RandomTree.value(depth: 0, using: &random) : RandomTree.root(using: &random)
            let text = YAMLTestWriter.document(value, using: &random)
            let parsed: DocumentValue
            do {
                parsed = try YAMLDocumentParser.parse(text)
            } catch {
                Issue.record("tree \(index): \(error.message) at \(error.line):\(error.column) in\n\(text)")
                continue
            }
            #expect(parsed == value, "tree \(index):\n\(text)")
        }
    }
}

// MARK: - A pet store in YAML and in JSON

extension YAMLDocumentParserTests {
    /// An OpenAPI 3.0 document as such documents are published: anchors, block scalars, flow
    /// lists, numeric response codes, comments.
    static let petStoreYAML = #"""
        # A pet store, written the way OpenAPI documents usually are.
        openapi: 3.0.3
        info:
          title: Swagger Petstore
          version: 1.0.0
          description: |
            A sample API that uses a pet store as an example.

            It shows **every** construct: `code`, "quotes" and 'apostrophes'.
          contact: {name: API Support, email: support@example.com}
          license: {name: MIT, url: "https://opensource.org/licenses/MIT"}
        servers:
          - url: https://petstore.example.com/v1
            description: >-
              The production
              server.
          - url: http://localhost:8080/v1   # for development
            description: Local
        tags: [pets, store]
        paths:
          /pets:
            get:
              summary: List all pets
              operationId: listPets
              tags: [pets]
              parameters:
                - &limit
                  name: limit
                  in: query
                  description: 'How many items to return at one time (max 100)'
                  required: false
                  schema:
                    type: integer
                    format: int32
                    minimum: 1
                    maximum: 100
                    default: 20
              responses:
                200:
                  description: A paged array of pets
                  headers:
                    x-next:
                      description: A link to the next page of responses
                      schema: {type: string}
                  content:
                    application/json:
                      schema:
                        $ref: "#/components/schemas/Pets"
                default: &error
                  description: unexpected error
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Error'}
            post:
              summary: Create a pet
              operationId: createPets
              tags:
                - pets
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      $ref: '#/components/schemas/NewPet'
              responses:
                201:
                  description: Null response
                400: {description: Bad request}
                default: *error
          /pets/{petId}:
            get:
              summary: Info for a specific pet
              operationId: showPetById
              tags: [pets]
              parameters:
                - name: petId
                  in: path
                  required: true
                  description: The id of the pet to retrieve
                  schema:
                    type: string
                    pattern: '^[a-z0-9-]+$'
                - *limit
              responses:
                "200":
                  description: Expected response to a valid request
                  content:
                    application/json:
                      schema:
                        $ref: "#/components/schemas/Pet"
                404: {description: Not found}
                default: *error
              deprecated: false
        components:
          schemas:
            NewPet: &newPet
              type: object
              required:
                - name
              properties:
                name:
                  type: string
                  minLength: 1
                  example: "Rex \u00e9"
                tag: {type: string, nullable: true}
                weight: {type: number, example: 12.5, exclusiveMinimum: true, minimum: 0}
                born: {type: string, format: date, example: 2020-01-01}
                status:
                  type: string
                  enum: [available, pending, sold]
                  description: >
                    The pet's status
                    in the store.
            Pet:
              allOf:
                - *newPet
                - type: object
                  required: [id]
                  properties:
                    id: {type: integer, format: int64, minimum: 1}
            Pets:
              type: array
              maxItems: 100
              items:
                $ref: "#/components/schemas/Pet"
            Error:
              type: object
              required: [code, message]
              properties:
                code:
                  type: integer
                  format: int32
                message:
                  type: string
        ...
        """#

    /// ``petStoreYAML`` as JSON, anchors expanded.
    static let petStoreJSON = #"""
        {
          "openapi": "3.0.3",
          "info": {
            "title": "Swagger Petstore",
            "version": "1.0.0",
            "description": "A sample API that uses a pet store as an example.\n\nIt shows **every** construct: `code`, \"quotes\" and 'apostrophes'.\n",
            "contact": {"name": "API Support", "email": "support@example.com"},
            "license": {"name": "MIT", "url": "https://opensource.org/licenses/MIT"}
          },
          "servers": [
            {"url": "https://petstore.example.com/v1", "description": "The production server."},
            {"url": "http://localhost:8080/v1", "description": "Local"}
          ],
          "tags": ["pets", "store"],
          "paths": {
            "/pets": {
              "get": {
                "summary": "List all pets",
                "operationId": "listPets",
                "tags": ["pets"],
                "parameters": [
                  {
                    "name": "limit",
                    "in": "query",
                    "description": "How many items to return at one time (max 100)",
                    "required": false,
                    "schema": {"type": "integer", "format": "int32", "minimum": 1, "maximum": 100, "default": 20}
                  }
                ],
                "responses": {
                  "200": {
                    "description": "A paged array of pets",
                    "headers": {
                      "x-next": {
                        "description": "A link to the next page of responses",
                        "schema": {"type": "string"}
                      }
                    },
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pets"}}}
                  },
                  "default": {
                    "description": "unexpected error",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
                  }
                }
              },
              "post": {
                "summary": "Create a pet",
                "operationId": "createPets",
                "tags": ["pets"],
                "requestBody": {
                  "required": true,
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NewPet"}}}
                },
                "responses": {
                  "201": {"description": "Null response"},
                  "400": {"description": "Bad request"},
                  "default": {
                    "description": "unexpected error",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
                  }
                }
              }
            },
            "/pets/{petId}": {
              "get": {
                "summary": "Info for a specific pet",
                "operationId": "showPetById",
                "tags": ["pets"],
                "parameters": [
                  {
                    "name": "petId",
                    "in": "path",
                    "required": true,
                    "description": "The id of the pet to retrieve",
                    "schema": {"type": "string", "pattern": "^[a-z0-9-]+$"}
                  },
                  {
                    "name": "limit",
                    "in": "query",
                    "description": "How many items to return at one time (max 100)",
                    "required": false,
                    "schema": {"type": "integer", "format": "int32", "minimum": 1, "maximum": 100, "default": 20}
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Expected response to a valid request",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}
                  },
                  "404": {"description": "Not found"},
                  "default": {
                    "description": "unexpected error",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
                  }
                },
                "deprecated": false
              }
            }
          },
          "components": {
            "schemas": {
              "NewPet": {
                "type": "object",
                "required": ["name"],
                "properties": {
                  "name": {"type": "string", "minLength": 1, "example": "Rex \u00e9"},
                  "tag": {"type": "string", "nullable": true},
                  "weight": {"type": "number", "example": 12.5, "exclusiveMinimum": true, "minimum": 0},
                  "born": {"type": "string", "format": "date", "example": "2020-01-01"},
                  "status": {
                    "type": "string",
                    "enum": ["available", "pending", "sold"],
                    "description": "The pet's status in the store.\n"
                  }
                }
              },
              "Pet": {
                "allOf": [
                  {
                    "type": "object",
                    "required": ["name"],
                    "properties": {
                      "name": {"type": "string", "minLength": 1, "example": "Rex \u00e9"},
                      "tag": {"type": "string", "nullable": true},
                      "weight": {"type": "number", "example": 12.5, "exclusiveMinimum": true, "minimum": 0},
                      "born": {"type": "string", "format": "date", "example": "2020-01-01"},
                      "status": {
                        "type": "string",
                        "enum": ["available", "pending", "sold"],
                        "description": "The pet's status in the store.\n"
                      }
                    }
                  },
                  {
                    "type": "object",
                    "required": ["id"],
                    "properties": {"id": {"type": "integer", "format": "int64", "minimum": 1}}
                  }
                ]
              },
              "Pets": {"type": "array", "maxItems": 100, "items": {"$ref": "#/components/schemas/Pet"}},
              "Error": {
                "type": "object",
                "required": ["code", "message"],
                "properties": {"code": {"type": "integer", "format": "int32"}, "message": {"type": "string"}}
              }
            }
          }
        }
        """#
}

// MARK: - Random trees and a small YAML writer

/// SplitMix64: the same numbers on every run and platform.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random ``DocumentValue`` trees whose strings are full of what YAML treats specially.
enum RandomTree {
    static let pieces = [
        "a", "b", "z", "Q", "0", "7", " ", "  ", "-", ":", ": ", "#", " #", "'", "\"", "\\", "\n", "\t", "é", "😀",
        "[", "]", "{", "}", ",", "&", "*", "!", "|", ">", "%", "@", "`", "?", "~", ".", "\u{7}", "---", "...",
    ]
    static let words = [
        "", "null", "Null", "~", "true", "FALSE", "1", "-2", "1.5", "1e3", "0x1F", "0o7", ".inf", "-.Inf", ".nan",
        "yes", "2024-01-02", "- a", "a: b", "a #b", "http://x.y/z", "200", "key", " lead", "trail ", "\n", "a\n\nb",
        "x\n", "y\n\n", "  indented\ntext", "line \nbreak",
    ]
    static let numbers = ["0", "-0", "7", "-12", "3.25", "-0.5", "1e5", "2.5E-3", "10.0", "123456789012345678901234"]

    static func string(using random: inout SeededRandom) -> String {
        if Int.random(in: 0..<3, using: &random) == 0 { return words.randomElement(using: &random)! }
        return (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    /// A mapping or sequence of one to six members.
    static func root(using random: inout SeededRandom) -> DocumentValue {
        let children = (0..<Int.random(in: 1...6, using: &random)).map { _ in value(depth: 1, using: &random) }
        guard Bool.random(using: &random) else { return .array(children) }
        var seen = Set<String>()
        return .object(
            children.compactMap { child in
                let key = string(using: &random)
                return seen.insert(key).inserted ? (key, child) : nil
            })
    }

    static func value(depth: Int, using random: inout SeededRandom) -> DocumentValue {
        let kind = Int.random(in: 0..<(depth >= 4 ? 5 : 8), using: &random)
        switch kind {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .number(numbers.randomElement(using: &random)!)
        case 3, 4: return .string(string(using: &random))
        case 5:
            return .array(
                (0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth: depth + 1, using: &random) })
        default:
            var members: [(key: String, value: DocumentValue)] = []
            var seen = Set<String>()
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                let key = string(using: &random)
                guard seen.insert(key).inserted else { continue }
                members.append((key, value(depth: depth + 1, using: &random)))
            }
            return .object(members)
        }
    }
}

/// Writes a ``DocumentValue`` as block-style YAML, quoting the strings that need it.
enum YAMLTestWriter {
    static func document(_ value: DocumentValue, using random: inout SeededRandom) -> String {
        lines(value, indent: 0, using: &random).joined(separator: "\n") + "\n"
    }

    /// The lines of `value` at `indent`; a scalar or empty collection is one line.
    static func lines(_ value: DocumentValue, indent: Int, using random: inout SeededRandom) -> [String] {
        let pad = String(repeating: " ", count: indent)
        switch value {
        case .array(let items) where !items.isEmpty:
            return items.flatMap { item -> [String] in
                if isBlock(item) {
                    var child = lines(item, indent: indent + 2, using: &random)
                    child[0] = pad + "- " + child[0].dropFirst(indent + 2)
                    return child
                }
                return entry(pad + "-", item, indent: indent, using: &random)
            }
        case .object(let members) where !members.isEmpty:
            return members.flatMap { member -> [String] in
                let key = pad + scalar(member.key, isKey: true, using: &random) + ":"
                if isBlock(member.value) {
                    let sameIndent = member.value.isArray && Bool.random(using: &random)
                    return [key] + lines(member.value, indent: sameIndent ? indent : indent + 2, using: &random)
                }
                return entry(key, member.value, indent: indent, using: &random)
            }
        default:
            return entry(pad.isEmpty ? "" : pad, value, indent: indent, using: &random)
        }
    }

    /// `prefix` (a key and `:`, or `-`) followed by a scalar or an empty collection.
    static func entry(_ prefix: String, _ value: DocumentValue, indent: Int, using random: inout SeededRandom)
        -> [String]
    {
        let separator = prefix.isEmpty ? "" : " "
        switch value {
        case .null: return [prefix + separator + (Bool.random(using: &random) ? "null" : "~")]
        case .bool(let flag): return [prefix + separator + (flag ? "true" : "false")]
        case .number(let text): return [prefix + separator + text]
        case .array: return [prefix + separator + "[]"]
        case .object: return [prefix + separator + "{}"]
        case .string(let text):
            if text.contains("\n"), text.unicodeScalars.allSatisfy({ $0.value >= 0x20 || $0 == "\n" || $0 == "\t" }),
                Bool.random(using: &random)
            {
                var body = text.components(separatedBy: "\n")
                if text.hasSuffix("\n") { body.removeLast() }
                let contentPad = String(repeating: " ", count: prefix.isEmpty ? 2 : indent + 2)
                let header = prefix + separator + "|2" + (text.hasSuffix("\n") ? "+" : "-")
                return [header] + body.map { $0.isEmpty ? "" : contentPad + $0 }
            }
            return [prefix + separator + scalar(text, isKey: false, using: &random)]
        }
    }

    static func isBlock(_ value: DocumentValue) -> Bool {
        switch value {
        case .array(let items): return !items.isEmpty
        case .object(let members): return !members.isEmpty
        default: return false
        }
    }

    /// `text` plain when it reads back as the same string (a key: as the same text), else quoted.
    static func scalar(_ text: String, isKey: Bool, using random: inout SeededRandom) -> String {
        if isPlainSafe(text, isKey: isKey) { return text }
        let printable = text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
        if printable, Bool.random(using: &random) {
            return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                quoted += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    static func isPlainSafe(_ text: String, isKey: Bool) -> Bool {
        guard let first = text.first, let last = text.last else { return false }
        if "-?:,[]{}#&*!|>'\"%@` \t".contains(first) || last == " " || last == ":" { return false }
        if text.contains(": ") || text.contains(" #") || text.hasPrefix("...") { return false }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return false }
        if isKey { return true }
        return !YAMLDocumentParser.nullWords.contains(text) && YAMLDocumentParser.boolWords[text] == nil
            && YAMLDocumentParser.integerText(text) == nil && YAMLDocumentParser.floatText(text) == nil
            && !YAMLDocumentParser.isInfinityOrNaN(text)
    }
}

extension DocumentValue {
    fileprivate var isArray: Bool {
        if case .array = self { return true }
        return false
    }
}
