import Foundation
import PropertyBased
import RonTOML
import Testing

@Suite("TOML properties")
struct TOMLRoundTripPropertyTests {
    @Test("parse(render(t)) == t for generated tables")
    func renderThenParseIsIdentity() async {
        await propertyCheck(count: 400, input: Gen.int64()) { seed in
            var random = RandomTOML(seed: seed)
            let table = random.table()
            let text = TOMLWriter.render(table)
            do {
                let parsed = try TOMLParser.parse(text)
                #expect(parsed == table, "seed \(seed):\n\(text)")
                #expect(TOMLWriter.render(parsed) == text, "rendering is not stable for seed \(seed)")
            } catch {
                Issue.record("seed \(seed): \(error)\n\(text)")
            }
        }
    }

    @Test("garbage bytes produce a positioned error or a table, never a crash")
    func garbageNeverCrashes() async {
        await propertyCheck(count: 2_000, input: Gen.int64()) { seed in
            var random = RandomTOML(seed: seed)
            let bytes = random.garbage()
            do throws(TOMLParseError) {
                let table = try TOMLParser.parse(Data(bytes))
                _ = TOMLWriter.render(table)
            } catch {
                #expect(error.line >= 1 && error.column >= 1)
                #expect(!error.message.isEmpty)
            }
        }
    }

    @Test("deep nesting is rejected instead of exhausting the stack")
    func deepNesting() throws {
        let arrays = "a = " + String(repeating: "[", count: 100_000)
        #expect(throws: TOMLParseError.self) { try TOMLParser.parse(arrays) }
        let tables = "a = " + String(repeating: "{b = ", count: 100_000)
        #expect(throws: TOMLParseError.self) { try TOMLParser.parse(tables) }
        let header = "[" + Array(repeating: "a", count: 50_000).joined(separator: ".") + "]"
        let error = try #require(throws: TOMLParseError.self) { try TOMLParser.parse(header) }
        #expect(error.message.contains("nested deeper"))
        let dotted = Array(repeating: "a", count: 50_000).joined(separator: ".") + " = 1"
        #expect(throws: TOMLParseError.self) { try TOMLParser.parse(dotted) }
        let json = Data((String(repeating: "{\"a\":", count: 10_000)).utf8)
        #expect(throws: TOMLJSONError.self) { try TOMLTable(jsonObjectData: json) }
    }

    @Test("JSON round trip keeps values and key order for generated tables without nan/inf")
    func jsonRoundTrip() async {
        await propertyCheck(count: 300, input: Gen.int64()) { seed in
            var random = RandomTOML(seed: seed)
            let table = Self.withoutDateTimesAndSpecialFloats(random.table())
            do {
                let back = try TOMLTable(jsonObjectData: table.jsonData())
                #expect(back == table, "seed \(seed)")
                #expect(back.keys == table.keys)
            } catch {
                Issue.record("seed \(seed): \(error)")
            }
        }
    }

    static func withoutDateTimesAndSpecialFloats(_ table: TOMLTable) -> TOMLTable {
        var result = TOMLTable()
        for (key, value) in table {
            result[key] = clean(value)
        }
        return result
    }

    private static func clean(_ value: TOMLValue) -> TOMLValue {
        switch value {
        case .float(let float) where !float.isFinite: return .float(1.25)
        case .dateTime(let dateTime): return .string(dateTime.text)
        case .array(let elements): return .array(elements.map(clean))
        case .table(let table): return .table(withoutDateTimesAndSpecialFloats(table))
        default: return value
        }
    }
}
