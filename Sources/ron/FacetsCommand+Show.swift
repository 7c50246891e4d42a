import ArgumentParser
import Foundation
import RonAppSdkSwift
import RonFacets

extension FacetsCommand {
    /// `ron facets show FILE`
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a manifest's facet and routes with their paths on the node and through the gateway."
        )

        @Argument(help: "The manifest file.")
        var file: String

        @Option(help: "The gateway base URL, e.g. https://node.example:8443, to print full route URLs.")
        var base: String?

        mutating func run() throws {
            var baseURL: URL?
            if let base {
                guard let url = URL(string: base), url.scheme != nil, url.host != nil else {
                    throw ValidationError("--base must be an absolute URL such as http://127.0.0.1:8080, got: \(base)")
                }
                baseURL = url
            }
            let document: FacetManifestDocument
            do {
                document = try FacetManifestReader.read(contentsOf: URL(fileURLWithPath: file))
            } catch {
                FacetsOutput.error("rejected  \(file): \(error)")
                throw ExitCode(1)
            }
            let facet = document.definition
            print("facet \(facet.id) (\(facet.kind.rawValue), \(facet.shape.rawValue) manifest)")
            if let upstream = facet.upstream, facet.kind == .proxy {
                print("upstream \(upstream.urlString)")
            }
            let endpoints = facet.endpoints(base: baseURL)
            let methodWidth = endpoints.map(\.method.count).max() ?? 0
            let nodeWidth = endpoints.map(\.nodePath.count).max() ?? 0
            for (endpoint, route) in zip(endpoints, facet.routes) {
                var line = "  " + endpoint.method.padding(toLength: methodWidth, withPad: " ", startingAt: 0)
                line += "  " + endpoint.nodePath.padding(toLength: nodeWidth, withPad: " ", startingAt: 0)
                line += "  " + (endpoint.url ?? endpoint.gatewayPath)
                if facet.kind == .static, let file = route.file {
                    line += "  file " + file
                }
                if facet.kind == .proxy, let upstream = facet.upstream {
                    line += "  -> " + (upstream.basePath ?? "") + (route.upstreamPath ?? route.path)
                }
                print(line)
            }
            if endpoints.isEmpty {
                print("  (no routes)")
            }
            for warning in document.warnings {
                print("warning: \(warning)")
            }
        }
    }
}
