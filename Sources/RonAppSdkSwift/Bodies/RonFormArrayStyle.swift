/// How ``AppRequestBody/form(_:encoder:arrays:)`` names the elements of an array.
///
/// Nested objects are always named with brackets, `user[name]=Ada`, as Rails, Rack, PHP, Express
/// (`qs`) and most server frameworks read them.
public enum RonFormArrayStyle: Sendable, Hashable {
    /// `tag=a&tag=b`: the name repeated, as HTML forms send a multiple select, and as Flask,
    /// Django, Go's `url.Values` and httpbin read a list.
    case repeatedKey
    /// `tag[]=a&tag[]=b`: as Rails, Rack and PHP read a list.
    case brackets
    /// `tag[0]=a&tag[1]=b`: with the index, as `qs` and ASP.NET read a list.
    case indexed
}
