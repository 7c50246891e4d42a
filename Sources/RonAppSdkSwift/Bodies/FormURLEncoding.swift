import Foundation

/// The `application/x-www-form-urlencoded` serializer of the WHATWG URL standard: every byte of a
/// name's or value's UTF-8 is kept when it is an ASCII letter or digit or one of `*-._`, a space
/// becomes `+`, and every other byte becomes `%XX` (upper-case hex); pairs are joined with `&`,
/// name and value with `=`.
enum FormURLEncoding {
    static func serialize(_ pairs: [(String, String)]) -> String {
        var out: [UInt8] = []
        for (index, pair) in pairs.enumerated() {
            if index > 0 { out.append(UInt8(ascii: "&")) }
            append(pair.0, to: &out)
            out.append(UInt8(ascii: "="))
            append(pair.1, to: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let hex = Array("0123456789ABCDEF".utf8)

    private static func append(_ text: String, to out: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"):
                out.append(byte)
            case UInt8(ascii: " "):
                out.append(UInt8(ascii: "+"))
            default:
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
    }

    /// The name/value pairs of an encoded value (see ``AppRequestBody/form(_:encoder:arrays:)``).
    /// `nil` when the value is not an object.
    static func pairs(
        of value: JSONValue, arrays: RonFormArrayStyle, fields: [String: RonFormField] = [:]
    ) -> [(String, String)]? {
        guard case .object(let members) = value else { return nil }
        var pairs: [(String, String)] = []
        for key in members.keys.sorted() {
            let member = members[key]!
            switch (fields[key], member) {
            case (_, .null), (nil, _):
                flatten(member, name: key, arrays: arrays, into: &pairs)
            case (.json?, _):
                pairs.append((key, jsonText(member)))
            case (.deepObject?, _):
                flatten(member, name: key, arrays: .indexed, into: &pairs)
            case (.exploded?, .object(let inner)):
                for innerKey in inner.keys.sorted() {
                    flatten(inner[innerKey]!, name: innerKey, arrays: arrays, into: &pairs)
                }
            case (.joined(let separator)?, .array(let elements)):
                pairs.append((key, elements.map(scalarText).joined(separator: separator)))
            case (.joined(let separator)?, .object(let inner)):
                let items = inner.keys.sorted().flatMap { [$0, scalarText(inner[$0]!)] }
                pairs.append((key, items.joined(separator: separator)))
            default:
                flatten(member, name: key, arrays: arrays, into: &pairs)
            }
        }
        return pairs
    }

    /// The JSON tree of `value`, through `encoder`'s strategies.
    static func tree(of value: some Encodable, encoder: JSONEncoder) throws(LocalNetworkError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: try encoder.encode(value))
        } catch {
            throw .bodyEncodingFailed(
                type: String(describing: type(of: value)), reason: AppRequestBody.describe(error))
        }
    }

    private static func jsonText(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    /// A scalar's text as a form sends it; an object or array within a joined value as JSON.
    static func scalarText(_ value: JSONValue) -> String {
        var pairs: [(String, String)] = []
        switch value {
        case .array, .object: return jsonText(value)
        default:
            flatten(value, name: "", arrays: .repeatedKey, into: &pairs)
            return pairs.first?.1 ?? ""
        }
    }

    private static func flatten(
        _ value: JSONValue, name: String, arrays: RonFormArrayStyle, into pairs: inout [(String, String)]
    ) {
        switch value {
        case .null: return
        case .bool(let flag): pairs.append((name, flag ? "true" : "false"))
        case .integer(let number): pairs.append((name, String(number)))
        case .unsigned(let number): pairs.append((name, String(number)))
        case .bigInteger(let number): pairs.append((name, String(describing: number)))
        case .double(let number): pairs.append((name, String(describing: number)))
        case .string(let text): pairs.append((name, text))
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                let elementName: String
                switch arrays {
                case .repeatedKey: elementName = name
                case .brackets: elementName = name + "[]"
                case .indexed: elementName = "\(name)[\(index)]"
                }
                flatten(element, name: elementName, arrays: arrays, into: &pairs)
            }
        case .object(let members):
            for key in members.keys.sorted() {
                flatten(members[key]!, name: "\(name)[\(key)]", arrays: arrays, into: &pairs)
            }
        }
    }
}

extension AppRequestBody {
    /// An `application/x-www-form-urlencoded` body of `fields`, in their order, encoded as the
    /// WHATWG URL standard's serializer does (the bytes of a browser's form post): letters, digits
    /// and `*-._` kept, a space as `+`, every other UTF-8 byte as `%XX`.
    public static func form(_ fields: [(String, String)]) -> AppRequestBody {
        var body = AppRequestBody(
            data: Data(FormURLEncoding.serialize(fields).utf8), contentType: "application/x-www-form-urlencoded")
        body.summary = "form fields: " + fields.map(\.0).joined(separator: ", ")
        return body
    }

    /// An `application/x-www-form-urlencoded` body of `fields`, in their order (see `form(_:)`).
    public static func form(_ fields: KeyValuePairs<String, String>) -> AppRequestBody {
        form(fields.map { ($0.key, $0.value) })
    }

    /// An `application/x-www-form-urlencoded` body of an `Encodable` value, through `encoder`'s
    /// strategies (dates, data, keys).
    ///
    /// The value must encode as an object. Its members are sent sorted by name; `nil` members are
    /// left out; `true`/`false` are sent as words, numbers as JSON writes them; a nested object's
    /// members are named `outer[inner]`; an array's elements as `arrays` says (repeated name by
    /// default). A server that reads `user[name]` and `tag[]` (Rails, Rack, PHP, `qs`) rebuilds
    /// the value.
    ///
    /// - Throws: ``LocalNetworkError/bodyEncodingFailed(type:reason:)`` when the value does not
    ///   encode, or not as an object.
    public static func form(
        _ value: some Encodable, encoder: JSONEncoder = JSONEncoder(), arrays: RonFormArrayStyle = .repeatedKey
    ) throws(LocalNetworkError) -> AppRequestBody {
        try form(value, encoder: encoder, arrays: arrays, fields: [:])
    }

    /// An `application/x-www-form-urlencoded` body of an `Encodable` value, as
    /// ``form(_:encoder:arrays:)`` sends it but for the top-level members `fields` names: joined
    /// into one value, exploded into pairs of their own, or sent as JSON (see ``RonFormField``).
    /// Generated calls pass an OpenAPI `encoding` object's `style`, `explode` and `contentType` here.
    ///
    /// - Throws: ``LocalNetworkError/bodyEncodingFailed(type:reason:)`` when the value does not
    ///   encode, or not as an object.
    public static func form(
        _ value: some Encodable, encoder: JSONEncoder = JSONEncoder(), arrays: RonFormArrayStyle = .repeatedKey,
        fields: [String: RonFormField]
    ) throws(LocalNetworkError) -> AppRequestBody {
        let tree = try FormURLEncoding.tree(of: value, encoder: encoder)
        guard let pairs = FormURLEncoding.pairs(of: tree, arrays: arrays, fields: fields) else {
            throw .bodyEncodingFailed(
                type: String(describing: type(of: value)), reason: "a form body must encode as an object, not \(tree)")
        }
        return form(pairs)
    }
}
