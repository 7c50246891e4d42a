import Foundation
import RonTOML
import Testing

/// Runs the toml-test corpus (https://github.com/toml-lang/toml-test) when `RON_TOML_TEST_DIR` names its `tests/`
/// folder. Only the files listed in `files-toml-1.0.0` are used: this parser implements TOML 1.0.
@Suite("toml-test corpus (TOML 1.0)")
struct TOMLSuiteTests {
    static let directory = ProcessInfo.processInfo.environment["RON_TOML_TEST_DIR"]

    @Test(.enabled(if: directory != nil, "set RON_TOML_TEST_DIR to toml-test's tests/ folder"))
    func corpus() throws {
        let root = URL(fileURLWithPath: try #require(Self.directory))
        let list = try String(contentsOf: root.appendingPathComponent("files-toml-1.0.0"), encoding: .utf8)
        let files = list.split(whereSeparator: \.isNewline).map(String.init).filter { $0.hasSuffix(".toml") }
        var validPassed = 0
        var validTotal = 0
        var invalidRejected = 0
        var invalidTotal = 0
        var failures: [String] = []
        for file in files {
            let data = try Data(contentsOf: root.appendingPathComponent(file))
            if file.hasPrefix("valid/") {
                validTotal += 1
                let expectedURL = root.appendingPathComponent(String(file.dropLast(5)) + ".json")
                let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: expectedURL))
                do {
                    let table = try TOMLParser.parse(data)
                    if let problem = TaggedJSON.mismatch(expected: expected, actual: .table(table), path: "") {
                        failures.append("\(file): \(problem)")
                    } else {
                        validPassed += 1
                    }
                } catch {
                    failures.append("\(file): unexpected error \(error)")
                }
            } else if file.hasPrefix("invalid/") {
                invalidTotal += 1
                do {
                    _ = try TOMLParser.parse(data)
                    failures.append("\(file): accepted")
                } catch {
                    invalidRejected += 1
                }
            }
        }
        print("toml-test 1.0: valid \(validPassed)/\(validTotal), invalid rejected \(invalidRejected)/\(invalidTotal)")
        for failure in failures {
            print("  FAIL \(failure)")
        }
        #expect(validTotal > 0 && invalidTotal > 0)
        #expect(failures.isEmpty, "\(failures.count) toml-test files failed")
    }
}

/// Compares parser output with toml-test's tagged JSON (`{"type": "integer", "value": "1"}`).
enum TaggedJSON {
    static func mismatch(expected: Any, actual: TOMLValue, path: String) -> String? {
        if let object = expected as? [String: Any] {
            if object.count == 2, let type = object["type"] as? String, let value = object["value"] {
                return mismatchScalar(type: type, value: value, actual: actual, path: path)
            }
            guard case .table(let table) = actual else { return "\(path): expected a table, got \(actual)" }
            guard Set(object.keys) == Set(table.keys) else {
                return "\(path): keys \(table.keys.sorted()) != expected \(object.keys.sorted())"
            }
            for (key, value) in object {
                if let problem = mismatch(
                    expected: value, actual: table[key] ?? .boolean(false), path: path + "." + key)
                {
                    return problem
                }
            }
            return nil
        }
        if let array = expected as? [Any] {
            guard case .array(let elements) = actual, elements.count == array.count else {
                return "\(path): expected an array of \(array.count), got \(actual)"
            }
            for (index, element) in array.enumerated() {
                if let problem = mismatch(expected: element, actual: elements[index], path: "\(path)[\(index)]") {
                    return problem
                }
            }
            return nil
        }
        return "\(path): unexpected expected-JSON shape"
    }

    private static func mismatchScalar(type: String, value: Any, actual: TOMLValue, path: String) -> String? {
        if type == "array" {
            return mismatch(expected: value, actual: actual, path: path)
        }
        guard let text = value as? String else { return "\(path): expected value is not a string" }
        let same: Bool
        switch (type, actual) {
        case ("string", .string(let string)):
            same = string == text
        case ("integer", .integer(let integer)):
            same = String(integer) == text
        case ("float", .float(let float)):
            if text.lowercased().hasSuffix("nan") {
                same = float.isNaN
            } else {
                same = Double(text) == float
            }
        case ("bool", .boolean(let bool)):
            same = String(bool) == text
        case ("datetime", .dateTime(let dateTime)), ("datetime-local", .dateTime(let dateTime)),
            ("date-local", .dateTime(let dateTime)), ("time-local", .dateTime(let dateTime)):
            same = sameDateTime(type: type, text: text, actual: dateTime)
        default:
            same = false
        }
        return same ? nil : "\(path): expected \(type) \(text), got \(actual)"
    }

    private static func sameDateTime(type: String, text: String, actual: TOMLDateTime) -> Bool {
        let kinds: [String: TOMLDateTime.Kind] = [
            "datetime": .offsetDateTime, "datetime-local": .localDateTime, "date-local": .localDate,
            "time-local": .localTime,
        ]
        guard actual.kind == kinds[type], let expected = try? TOMLDateTime(text) else { return false }
        if actual.kind == .offsetDateTime {
            guard let left = actual.date, let right = expected.date else { return false }
            return abs(left.timeIntervalSince1970 - right.timeIntervalSince1970) < 1e-6
        }
        return actual.year == expected.year && actual.month == expected.month && actual.day == expected.day
            && actual.hour == expected.hour && actual.minute == expected.minute && actual.second == expected.second
            && actual.nanosecond == expected.nanosecond
    }
}
