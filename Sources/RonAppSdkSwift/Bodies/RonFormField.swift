/// How ``AppRequestBody/form(_:encoder:arrays:fields:)`` sends one member of the value, where the
/// default (scalars as text, arrays as the `arrays` style says, objects as `outer[inner]`) is not
/// what the server reads. Generated calls set these from an OpenAPI `encoding` object.
public enum RonFormField: Sendable, Hashable {
    /// An array's elements (or an object's names and values, in turn) as one value joined by
    /// `separator`: `,` for OpenAPI's `explode: false`, a space for `spaceDelimited`, `|` for
    /// `pipeDelimited`.
    case joined(separator: String)
    /// An object's members as pairs of their own, `R=100&G=200` (OpenAPI's style `form` with
    /// `explode: true`).
    case exploded
    /// The value as one JSON text (an `encoding` whose `contentType` is JSON).
    case json
    /// Nested members named by their path, `outer[inner][deeper]=…`, array elements by their
    /// index, `outer[0]=…` (OpenAPI's style `deepObject`, as Stripe, Rails, PHP and `qs` read
    /// it); a scalar as `outer=…`.
    case deepObject
}
