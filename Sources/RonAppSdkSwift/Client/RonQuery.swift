import Foundation

/// Query items of a structured value (an object, a union, an array in a delimited style), for the
/// calls that the code generator writes; a hand-written call can use it too.
///
/// The value's pairs are made as a url-encoded form's member would be (see ``RonFormField``):
/// ```swift
/// try RonQuery.items("metadata", ["plan": "gold"], style: .deepObject)  // metadata[plan]=gold
/// try RonQuery.items("color", ["R": 100, "G": 200], style: .exploded)    // G=200&R=100
/// try RonQuery.items("ids", [1, 2, 3], style: .joined(separator: "|"))  // ids=1|2|3
/// try RonQuery.items("tag", ["a", "b"])                                 // tag=a&tag=b
/// ```
public enum RonQuery {
    /// The query items of `value` under `name`: with `style` `nil`, scalars as `name=value`, arrays
    /// as a repeated `name`, objects as `name[inner]`; otherwise as `style` says (OpenAPI's
    /// `form` exploded is ``RonFormField/exploded``, `form` with `explode: false` is `.joined(",")`,
    /// `deepObject` is ``RonFormField/deepObject``). A `null` value gives no item.
    ///
    /// - Throws: ``LocalNetworkError/bodyEncodingFailed(type:reason:)`` when the value does not
    ///   encode (a non-finite number).
    public static func items(
        _ name: String, _ value: some Encodable, style: RonFormField? = nil, encoder: JSONEncoder = JSONEncoder()
    ) throws(LocalNetworkError) -> [URLQueryItem] {
        let tree = try FormURLEncoding.tree(of: value, encoder: encoder)
        let pairs =
            FormURLEncoding.pairs(
                of: .object([name: tree]), arrays: .repeatedKey, fields: style.map { [name: $0] } ?? [:]) ?? []
        return pairs.map { URLQueryItem(name: $0.0, value: $0.1) }
    }

    /// Appends `name=value` to `query` when `value` is given (its text as `String(value)`: `true`,
    /// `42`, `1.5`); nothing when it is `nil`. A generated call adds each query parameter of one
    /// value this way: one call where an `if let` and an item spelled out compiled to twice the code.
    ///
    /// ```swift
    /// var query: [URLQueryItem] = []
    /// RonQuery.append("limit", 20, to: &query)           // limit=20
    /// RonQuery.append("watch", nil as Bool?, to: &query)  // nothing
    /// ```
    ///
    /// - Parameters:
    ///   - name: The parameter's name.
    ///   - value: Its value, or `nil` for none.
    ///   - query: The items the call sends.
    public static func append<Value: LosslessStringConvertible>(
        _ name: String, _ value: Value?, to query: inout [URLQueryItem]
    ) {
        if let value { query.append(URLQueryItem(name: name, value: String(value))) }
    }

    /// The text of a path or header value in OpenAPI's `simple` style: an object's members as
    /// `key,value,key,value` (with `explode`, `key=value,key=value`), sorted by key and `null` ones
    /// left out; an array's elements joined by commas; a scalar as itself. Members that are objects
    /// or arrays go as their JSON text. A generated call sends an object or union path or header
    /// parameter this way (a path value is then percent-encoded as one segment).
    ///
    /// ```swift
    /// try RonQuery.simple(["R": 100, "G": 200], explode: false)  // "G,200,R,100"
    /// try RonQuery.simple(["R": 100, "G": 200], explode: true)   // "G=200,R=100"
    /// ```
    ///
    /// - Throws: ``LocalNetworkError/bodyEncodingFailed(type:reason:)`` when the value does not
    ///   encode (a non-finite number).
    public static func simple(
        _ value: some Encodable, explode: Bool, encoder: JSONEncoder = JSONEncoder()
    ) throws(LocalNetworkError) -> String {
        switch try FormURLEncoding.tree(of: value, encoder: encoder) {
        case .null: return ""
        case .object(let members):
            let present = members.keys.sorted().compactMap { key -> (String, String)? in
                guard let member = members[key], member != .null else { return nil }
                return (key, FormURLEncoding.scalarText(member))
            }
            return present.map { explode ? "\($0.0)=\($0.1)" : "\($0.0),\($0.1)" }.joined(separator: ",")
        case .array(let elements): return elements.map(FormURLEncoding.scalarText).joined(separator: ",")
        case let scalar: return FormURLEncoding.scalarText(scalar)
        }
    }
}
