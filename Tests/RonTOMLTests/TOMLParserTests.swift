import Foundation
import RonTOML
import Testing

@Suite("TOMLParser: valid documents")
struct TOMLParserTests {
    @Test func keysOfAllKinds() throws {
        let table = try TOMLParser.parse(
            """
            bare_key-1 = 1
            "quoted key" = 2
            'literal "key"' = 3
            site."google.com".up = true
            3.14 = "pi"
            "" = "empty"
            """)
        #expect(table.keys == ["bare_key-1", "quoted key", "literal \"key\"", "site", "3", ""])
        #expect(table[path: ["site", "google.com", "up"]] == .boolean(true))
        #expect(table[path: ["3", "14"]] == .string("pi"))
        #expect(table[""] == .string("empty"))
    }

    @Test func stringsAndEscapes() throws {
        let table = try TOMLParser.parse(
            #"""
            basic = "tab\there \"q\" \\ \u00E9 \U0001F600 \b\f\r\n"
            literal = 'C:\path\no escape'
            multi = """
            line one
            line two"""
            folded = """\
                   The quick \
                   fox."""
            quotes = """""two quotes at the end"""""
            raw = '''
            keeps \n and ''quotes'' '''
            crlf = """a\r\nb"""
            """#)
        #expect(table["basic"] == .string("tab\there \"q\" \\ é 😀 \u{08}\u{0C}\r\n"))
        #expect(table["literal"] == .string(#"C:\path\no escape"#))
        #expect(table["multi"] == .string("line one\nline two"))
        #expect(table["folded"] == .string("The quick fox."))
        #expect(table["quotes"] == .string("\"\"two quotes at the end\"\""))
        #expect(table["raw"] == .string("keeps \\n and ''quotes'' "))
        #expect(table["crlf"] == .string("a\r\nb"))
    }

    @Test func crlfInsideMultilineStringBecomesLineFeed() throws {
        let table = try TOMLParser.parse("s = \"\"\"\r\na\r\nb\"\"\"\r\nt = 1\r\n")
        #expect(table["s"] == .string("a\nb"))
        #expect(table["t"] == .integer(1))
    }

    @Test func numbers() throws {
        let table = try TOMLParser.parse(
            """
            a = +99
            b = -17
            c = 1_000_000
            d = 0xDEAD_beef
            e = 0o755
            f = 0b1101
            g = 9223372036854775807
            h = -9223372036854775808
            i = 6.626e-34
            j = -0.0
            k = 1e1_0
            l = -inf
            m = nan
            n = 224_617.445_991
            o = 0e0
            """)
        #expect(table["a"] == .integer(99))
        #expect(table["b"] == .integer(-17))
        #expect(table["c"] == .integer(1_000_000))
        #expect(table["d"] == .integer(0xDEAD_BEEF))
        #expect(table["e"] == .integer(0o755))
        #expect(table["f"] == .integer(13))
        #expect(table["g"] == .integer(.max))
        #expect(table["h"] == .integer(.min))
        #expect(table["i"] == .float(6.626e-34))
        #expect(table["j"]?.floatValue?.sign == .minus)
        #expect(table["k"] == .float(1e10))
        #expect(table["l"] == .float(-.infinity))
        #expect(table["m"]?.floatValue?.isNaN == true)
        #expect(table["n"] == .float(224_617.445_991))
        #expect(table["o"] == .float(0))
    }

    @Test func dateTimesKeepKindAndText() throws {
        let table = try TOMLParser.parse(
            """
            odt = 1979-05-27 07:32:00.999999-07:00
            ldt = 1979-05-27T07:32:00
            ld = 1979-05-27
            lt = 00:32:00.5
            arr = [1979-05-27 07:32:00Z, 07:32:00]
            """)
        let odt = try #require(table["odt"]?.dateTimeValue)
        #expect(odt.kind == .offsetDateTime)
        #expect(odt.text == "1979-05-27 07:32:00.999999-07:00")
        #expect(odt.offsetMinutes == -420)
        #expect(odt.nanosecond == 999_999_000)
        #expect(table["ldt"]?.dateTimeValue?.kind == .localDateTime)
        #expect(table["ld"]?.dateTimeValue?.kind == .localDate)
        #expect(table["lt"]?.dateTimeValue?.kind == .localTime)
        #expect(table["lt"]?.dateTimeValue?.nanosecond == 500_000_000)
        #expect(table["arr"]?.arrayValue?.first?.dateTimeValue?.text == "1979-05-27 07:32:00Z")
    }

    @Test func tablesArraysOfTablesAndDottedKeys() throws {
        let table = try TOMLParser.parse(
            """
            # a comment
            title = "x" # trailing comment

            [fruit]
            apple.color = "red"
            apple.taste.sweet = true

            [fruit.apple.texture]  # sub-table of a dotted table is allowed
            smooth = true

            [[products]]
            name = "Hammer"
            [[products]]
            [[products]]
            name = "Nail"
            [products.dims]
            len = 2

            [a.b.c]
            [a]
            x = 1
            """)
        #expect(table.keys == ["title", "fruit", "products", "a"])
        #expect(table[path: ["fruit", "apple", "texture", "smooth"]] == .boolean(true))
        let products = try #require(table["products"]?.arrayValue)
        #expect(products.count == 3)
        #expect(products[1] == .table(TOMLTable()))
        #expect(products[2].tableValue?[path: ["dims", "len"]] == .integer(2))
        #expect(table[path: ["a", "x"]] == .integer(1))
        #expect(table[path: ["a", "b", "c"]] == .table(TOMLTable()))
    }

    @Test func arraysAndInlineTables() throws {
        let table = try TOMLParser.parse(
            """
            mixed = [ 1, "two", [3.0], { four = 4 }, ]
            multi = [
              1, # one
              2
            ]
            point = { x = 1, y.z = 2 }
            empty = {}
            """)
        #expect(
            table["mixed"] == .array([.integer(1), .string("two"), .array([.float(3)]), .table(["four": .integer(4)])]))
        #expect(table["multi"] == .array([.integer(1), .integer(2)]))
        #expect(table["point"] == .table(["x": .integer(1), "y": .table(["z": .integer(2)])]))
        #expect(table["empty"] == .table(TOMLTable()))
    }

    @Test func byteOrderMarkAndEmptyDocuments() throws {
        #expect(try TOMLParser.parse(Data([0xEF, 0xBB, 0xBF] + Array("a = 1".utf8))) == ["a": .integer(1)])
        #expect(try TOMLParser.parse("").isEmpty)
        #expect(try TOMLParser.parse("\r\n\t  # only a comment").isEmpty)
    }
}
