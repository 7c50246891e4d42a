import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension RonHeaders {
    /// The header fields of a `URLSession` response.
    init(http: HTTPURLResponse) {
        self.init()
        for (key, value) in http.allHeaderFields {
            if let name = key as? String { append(name, value as? String ?? String(describing: value)) }
        }
    }
}
