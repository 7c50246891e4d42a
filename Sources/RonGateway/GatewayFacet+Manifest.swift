import Foundation
import RonAppSdkSwift

extension GatewayFacet {
    /// The facet a checked manifest describes. A static route's relative `file` is resolved below
    /// `root`, the way the node resolves it below its working directory.
    public init(definition: FacetDefinition, root: URL) {
        let kind: Kind
        switch definition.kind {
        case .static: kind = .static
        case .proxy: kind = .proxy
        default: kind = .echo
        }
        self.init(
            id: definition.id,
            kind: kind,
            upstream: definition.upstream.map {
                Upstream(scheme: $0.scheme, host: $0.host, port: Int($0.port), basePath: $0.basePath ?? "")
            },
            routes: definition.routes.map { route in
                Route(
                    method: route.normalizedMethod, path: route.path,
                    file: route.file.map { FacetDirectoryLoader.fileURL($0, root: root) },
                    upstreamPath: route.upstreamPath)
            })
    }

    /// Loads a directory of manifests with the node's rules (see ``FacetDirectoryLoader``).
    ///
    /// - Returns: the facets to serve and the files that were skipped, each with its reason.
    /// - Throws: ``FacetDirectoryError`` when the directory cannot be read or yields no facet.
    public static func load(directory: URL, root: URL) throws -> (facets: [GatewayFacet], skipped: [FacetSkippedFile]) {
        let load = try FacetDirectoryLoader.load(directory: directory, root: root)
        return (load.facets.map { GatewayFacet(definition: $0, root: root) }, load.skipped)
    }
}
