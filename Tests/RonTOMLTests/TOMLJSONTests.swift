import Foundation
import RonTOML
import Testing

@Suite("TOMLTable <-> JSON")
struct TOMLJSONTests {
    @Test func jsonKeepsKeyOrderAndTypes() throws {
        let table = try TOMLParser.parse(
            """
            zeta = 1
            alpha = 1.5
            when = 1979-05-27T07:32:00Z
            [middle]
            list = ["a", true, [2]]
            """)
        let json = try String(decoding: table.jsonData(), as: UTF8.self)
        #expect(
            json
                == #"{"zeta":1,"alpha":1.5,"when":"1979-05-27T07:32:00Z","middle":{"list":["a",true,[2]]}}"#)
    }

    @Test func readsJSONInOrder() throws {
        let json = #"{ "z": 1, "a": {"y": [1, 2.0, -3e2, "s\u00e9\n\ud83d\ude00"], "b": false}, "m": 0.5 }"#
        let table = try TOMLTable(jsonObjectData: Data(json.utf8))
        #expect(table.keys == ["z", "a", "m"])
        #expect(table["a"]?.tableValue?.keys == ["y", "b"])
        #expect(
            table[path: ["a", "y"]]
                == .array([.integer(1), .float(2), .float(-300), .string("sé\n😀")]))
        #expect(try TOMLTable(jsonObjectData: table.jsonData()) == table)
    }

    @Test func nonFiniteFloatsNameTheirPath() throws {
        let table: TOMLTable = ["route": .array([.table(["w": .float(1)]), .table(["w": .float(.nan)])])]
        let error = try #require(throws: TOMLJSONError.self) { try table.jsonData() }
        #expect(error.path == "route[1].w")
        #expect(error.description == "route[1].w: nan has no JSON representation")
    }

    @Test(arguments: [
        (#"{"a": {"b": null}}"#, "a.b", "null has no TOML representation"),
        (#"{"a": [1, 18446744073709551616]}"#, "a[1]", "does not fit in 64 bits"),
        (#"{"a": 1, "a": 2}"#, "a", "duplicate key 'a'"),
        (#"[1]"#, "", "expected a JSON object"),
        (#"{"a": 1} x"#, "", "unexpected text after"),
        (#"{"a": tru}"#, "a", "where a JSON value was expected"),
        (#"{"a": "\ud800"}"#, "a", "unpaired surrogate"),
        (#"{"odd key": {"x": 1e999}}"#, #""odd key".x"#, "out of the 64-bit float range"),
    ])
    func badJSONIsRejectedWithPath(json: String, path: String, fragment: String) throws {
        let error = try #require(throws: TOMLJSONError.self) { try TOMLTable(jsonObjectData: Data(json.utf8)) }
        #expect(error.path == path)
        #expect(error.message.contains(fragment), "\(error)")
    }
}
