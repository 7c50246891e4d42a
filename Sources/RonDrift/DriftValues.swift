import Foundation
import RonCodegenCore
import RonCommandLine

/// The parameter values a user gives drift: a values file committed beside the schema
/// (`drift-values.json`) and `--value` options, by parameter name or by operation.
///
/// ```json
/// {
///   "parameters": { "flow_id": "0b5e...", "limit": 5 },
///   "operations": { "read_deployment": { "id": "c1f3..." } }
/// }
/// ```
///
/// An operation's own value wins over a value by name. A value is the text sent on the wire; a
/// number or a boolean is written as JSON writes it, and a list gives a query parameter one pair
/// per element.
package struct DriftValues: Sendable, Equatable {
    /// The file drift reads when no `--values` is given: beside the schema folder.
    package static let fileName = "drift-values.json"

    /// Values by parameter name.
    package var parameters: [String: [String]] = [:]
    /// Values by operation id, then parameter name.
    package var operations: [String: [String: [String]]] = [:]
    /// Where the values by name came from, for the report (`drift-values.json`, `--value`).
    private var parameterSources: [String: String] = [:]
    /// Where the values by operation came from.
    private var operationSources: [String: [String: String]] = [:]
    /// Where values added from now on come from.
    package var source = "--value"

    /// No values.
    package init() {}

    /// The value the user gave `parameter` of `operationId`, if any, and where it came from.
    func value(_ parameter: String, of operationId: String) -> (values: [String], source: String)? {
        if let own = operations[operationId]?[parameter] {
            return (own, operationSources[operationId]?[parameter] ?? source)
        }
        return parameters[parameter].map { ($0, parameterSources[parameter] ?? source) }
    }

    /// Sets `parameter` of `operationId` to `values`, from `source`.
    mutating func set(_ values: [String], for parameter: String, of operationId: String, source: String) {
        operations[operationId, default: [:]][parameter] = values
        operationSources[operationId, default: [:]][parameter] = source
    }

    /// Reads a values file; a file that is not this shape is a usage error naming the file and where.
    package static func read(_ url: URL) throws -> DriftValues {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw UsageError("cannot read the values file \(url.path): \(error.localizedDescription)")
        }
        let root: DocumentValue
        do {
            root = try SchemaDocumentReader.parse(data, path: url.lastPathComponent)
        } catch {
            throw UsageError("the values file \(url.path) is not JSON: \(error.message)")
        }
        guard let members = root.objectMembers else {
            throw UsageError("the values file \(url.path) must be an object with 'parameters' and 'operations'")
        }
        var values = DriftValues()
        values.source = url.lastPathComponent
        for (key, value) in members {
            switch key {
            case "parameters":
                values.parameters = try table(value, at: "\(url.path)#/parameters")
                for name in values.parameters.keys { values.parameterSources[name] = url.lastPathComponent }
            case "operations":
                guard let operations = value.objectMembers else {
                    throw UsageError("\(url.path)#/operations: expected an object of operation ids")
                }
                for (operation, table) in operations {
                    for (name, given) in try Self.table(table, at: "\(url.path)#/operations/\(operation)") {
                        values.set(given, for: name, of: operation, source: url.lastPathComponent)
                    }
                }
            case "$schema", "description": continue
            default:
                throw UsageError(
                    "\(url.path)#/\(key): unknown member (a values file has 'parameters' and 'operations')")
            }
        }
        return values
    }

    /// Adds `--value NAME=VALUE` or `--value OPERATION.NAME=VALUE`.
    package mutating func add(option: String) throws {
        guard let equals = option.firstIndex(of: "=") else {
            throw UsageError("--value '\(option)': expected NAME=VALUE or OPERATION.NAME=VALUE")
        }
        let key = String(option[..<equals])
        let value = String(option[option.index(after: equals)...])
        if let dot = key.firstIndex(of: "."), dot != key.startIndex {
            let operation = String(key[..<dot])
            let name = String(key[key.index(after: dot)...])
            let earlier = operationSources[operation]?[name] == "--value" ? operations[operation]?[name] ?? [] : []
            set(earlier + [value], for: name, of: operation, source: "--value")
        } else {
            let earlier = parameterSources[key] == "--value" ? parameters[key] ?? [] : []
            parameters[key] = earlier + [value]
            parameterSources[key] = "--value"
        }
    }

    /// Merges `other` in: its values win.
    package mutating func merge(_ other: DriftValues) {
        for (name, given) in other.parameters {
            parameters[name] = given
            parameterSources[name] = other.parameterSources[name] ?? other.source
        }
        for (operation, table) in other.operations {
            for (name, given) in table {
                set(given, for: name, of: operation, source: other.operationSources[operation]?[name] ?? other.source)
            }
        }
    }

    private static func table(_ value: DocumentValue, at place: String) throws -> [String: [String]] {
        guard let members = value.objectMembers else {
            throw UsageError("\(place): expected an object of parameter names and values")
        }
        var table: [String: [String]] = [:]
        for (name, value) in members {
            if case .array(let items) = value {
                table[name] = try items.enumerated().map { index, item in
                    try text(item, at: "\(place)/\(name)/\(index)")
                }
            } else {
                table[name] = [try text(value, at: "\(place)/\(name)")]
            }
        }
        return table
    }

    private static func text(_ value: DocumentValue, at place: String) throws -> String {
        switch value {
        case .string(let text), .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        default: throw UsageError("\(place): expected a string, a number or a boolean")
        }
    }
}
