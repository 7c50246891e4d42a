/// Which of the two manifest layouts the node reads a file as.
public enum FacetManifestShape: String, Hashable, Sendable {
    /// A `[facet]` table, an optional top-level `[upstream]` and `[[route]]` tables.
    case v1
    /// Top-level `id`, `kind` and `routes = [ { path, file }, ... ]`; every route is a GET.
    case legacy
}
