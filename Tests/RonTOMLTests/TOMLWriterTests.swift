import RonTOML
import Testing

@Suite("TOMLWriter")
struct TOMLWriterTests {
    @Test func facetManifestRendersAsSectionsAndArrayBlocks() throws {
        let manifest: TOMLTable = [
            "facet": .table(["id": .string("demo.static"), "kind": .string("static")]),
            "upstream": .table(["base": .string("http://127.0.0.1:8080"), "timeout_ms": .integer(5000)]),
            "route": .array([
                .table(["method": .string("GET"), "path": .string("/hello")]),
                .table(["method": .string("GET"), "path": .string("/hi"), "headers": .table(["x": .string("1")])]),
            ]),
        ]
        let expected = """
            [facet]
            id = "demo.static"
            kind = "static"

            [upstream]
            base = "http://127.0.0.1:8080"
            timeout_ms = 5000

            [[route]]
            method = "GET"
            path = "/hello"

            [[route]]
            method = "GET"
            path = "/hi"

            [route.headers]
            x = "1"

            """
        let text = TOMLWriter.render(manifest)
        #expect(text == expected)
        let parsed = try TOMLParser.parse(text)
        #expect(parsed == manifest)
        #expect(parsed.keys == manifest.keys)
    }

    @Test func scalarsComeBeforeSectionsInTableOrder() {
        let table: TOMLTable = ["sub": .table(["a": .integer(1)]), "z": .boolean(true), "b": .array([])]
        #expect(TOMLWriter.render(table) == "z = true\nb = []\n\n[sub]\na = 1\n")
    }

    @Test(arguments: [
        (1.0, "1.0"), (-0.0, "-0.0"), (1e300, "1e+300"), (0.1, "0.1"), (Double.infinity, "inf"),
        (-Double.infinity, "-inf"), (Double.nan, "nan"), (Double.leastNonzeroMagnitude, "5e-324"),
        (123_456_789.0, "123456789.0"),
    ])
    func floatsRoundTripExactly(value: Double, text: String) throws {
        let rendered = TOMLWriter.render(["f": .float(value)])
        #expect(rendered == "f = \(text)\n")
        let back = try #require(try TOMLParser.parse(rendered)["f"]?.floatValue)
        #expect(back.bitPattern == value.bitPattern || (back.isNaN && value.isNaN))
    }

    @Test func stringsAndKeysAreEscapedAndQuotedOnlyWhenNeeded() throws {
        let text = "q\"b\\t\tn\nc\u{01}d\u{7F}é😀"
        let table: TOMLTable = [
            "plain-key_1": .string(text), "needs quote": .integer(1), "": .integer(2), "ü": .integer(3),
            "a.b": .integer(4),
        ]
        let rendered = TOMLWriter.render(table)
        #expect(
            rendered == """
                plain-key_1 = "q\\"b\\\\t\\tn\\nc\\u0001d\\u007Fé😀"
                "needs quote" = 1
                "" = 2
                "ü" = 3
                "a.b" = 4

                """)
        #expect(try TOMLParser.parse(rendered) == table)
    }

    @Test func inlineValuesAndDateTimes() throws {
        let date = try TOMLDateTime("1979-05-27 07:32:00Z")
        let table: TOMLTable = [
            "mixed": .array([.integer(1), .table(["a": .integer(1)]), .array([])]),
            "when": .dateTime(date),
            "emptyTables": .array([.table(TOMLTable()), .table(TOMLTable())]),
        ]
        let rendered = TOMLWriter.render(table)
        #expect(rendered.hasPrefix("mixed = [1, { a = 1 }, []]\nwhen = 1979-05-27 07:32:00Z\n"))
        #expect(rendered.contains("[[emptyTables]]\n\n[[emptyTables]]\n"))
        #expect(try TOMLParser.parse(rendered) == table)
        #expect(TOMLWriter.render(table) == rendered)
    }

    @Test func emptyTableRendersEmpty() {
        #expect(TOMLWriter.render(TOMLTable()).isEmpty)
    }
}
