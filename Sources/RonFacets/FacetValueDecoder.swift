import Foundation
import RonTOML

/// Decodes one TOML value into a generated type through the JSON bridge (TOML → JSON data →
/// `JSONDecoder`), turning a `DecodingError` into a ``FacetManifestError`` that names the key path.
struct FacetValueDecoder {
    /// The key path of the value being decoded, for example `upstream` or `route`.
    let keyPath: String

    private struct Box<T: Decodable>: Decodable {
        let value: T
    }

    func decode<T: Decodable>(_ type: T.Type, from value: TOMLValue) throws(FacetManifestError) -> T {
        let data: Data
        do {
            data = try TOMLTable([("value", value)]).jsonData()
        } catch {
            let path = error.path.hasPrefix("value") ? keyPath + error.path.dropFirst("value".count) : keyPath
            throw .parse(error.message, at: path)
        }
        do {
            return try JSONDecoder().decode(Box<T>.self, from: data).value
        } catch let error as DecodingError {
            throw describe(error, in: value)
        } catch {
            throw .parse("\(error)", at: keyPath)
        }
    }

    private func describe(_ error: DecodingError, in root: TOMLValue) -> FacetManifestError {
        switch error {
        case .keyNotFound(let key, let context):
            return .parse("missing field `\(key.stringValue)`", at: path(context.codingPath))
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let found = self.found(at: context.codingPath, in: root)
            return .parse("invalid type: \(found), expected \(Self.name(of: type))", at: path(context.codingPath))
        case .dataCorrupted(let context):
            let found = self.found(at: context.codingPath, in: root)
            return .parse("invalid value: \(found) (\(context.debugDescription))", at: path(context.codingPath))
        @unknown default:
            return .parse("\(error)", at: keyPath)
        }
    }

    /// `route[1].method` style path; the first component is the box's `value` key.
    private func path(_ codingPath: [any CodingKey]) -> String {
        var out = keyPath
        for key in codingPath.dropFirst() {
            if let index = key.intValue {
                out += "[\(index)]"
            } else {
                out += out.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return out
    }

    /// A short description of the TOML value at `codingPath`, like `string "x"` or `integer 70000`.
    private func found(at codingPath: [any CodingKey], in root: TOMLValue) -> String {
        var current: TOMLValue? = root
        for key in codingPath.dropFirst() {
            if let index = key.intValue, let array = current?.arrayValue {
                current = array.indices.contains(index) ? array[index] : nil
            } else {
                current = current?.tableValue?[key.stringValue]
            }
        }
        guard let current else { return "nothing" }
        switch current {
        case .string(let text): return "string \"\(text)\""
        case .integer(let number): return "integer \(number)"
        case .float(let number): return "float \(number)"
        case .boolean(let flag): return "boolean \(flag)"
        default: return current.typeName
        }
    }

    static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "a boolean"
        case is UInt16.Type: return "an integer in 0...65535 (u16)"
        case is UInt32.Type: return "an integer in 0...4294967295 (u32)"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") || name.hasPrefix("Facet") || name.hasPrefix("Legacy") { return "a table" }
            return name
        }
    }
}
