import ArgumentParser
import Foundation
import RonAppSdkSwift
import RonFacets

extension FacetsCommand {
    /// `ron facets new static|echo|proxy --id ID ...`
    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a new manifest the node accepts as written.",
            discussion: """
                --route takes METHOD:PATH[:EXTRA], for example GET:/hello:site/hello.txt. EXTRA is the \
                file of a static route and the upstream path of a proxy route; echo routes take none. \
                A path may hold :param segments (GET:/items/:id): a ':' right after '/' belongs to the path. \
                Without --output the manifest goes to standard output.
                """
        )

        /// The facet kinds `new` can write.
        enum Kind: String, ExpressibleByArgument, CaseIterable {
            case `static`, echo, proxy
        }

        @Argument(help: "The facet kind: static, echo or proxy.")
        var kind: Kind

        @Option(help: "The facet id (the node serves it under /facets/{id}).")
        var id: String

        @Option(name: .customLong("route"), help: "A route, METHOD:PATH[:FILE or UPSTREAM_PATH]; repeat for more.")
        var routes: [String] = []

        @Option(help: "The upstream of a proxy facet, e.g. http://127.0.0.1:5401.")
        var upstream: String?

        @Option(help: "Write the manifest to this file instead of standard output.")
        var output: String?

        @Flag(help: "Overwrite --output if it exists.")
        var force = false

        mutating func validate() throws {
            if upstream != nil && kind != .proxy {
                throw ValidationError("--upstream is for proxy facets only")
            }
            if upstream == nil && kind == .proxy {
                throw ValidationError("a proxy facet needs --upstream URL")
            }
        }

        mutating func run() throws {
            let parsed = try routes.map { try Self.route($0, kind: kind) }
            let manifest: FacetManifest
            switch kind {
            case .static:
                manifest = .static(id: id, routes: parsed)
            case .echo:
                manifest = .echo(id: id, routes: parsed)
            case .proxy:
                do {
                    manifest = .proxy(id: id, upstream: try FacetUpstream(url: upstream ?? ""), routes: parsed)
                } catch {
                    throw ValidationError("--upstream: \(error.message)")
                }
            }
            let text: String
            let warnings: [FacetWarning]
            do {
                text = try FacetManifestWriter.render(manifest)
                warnings = try FacetManifestReader.read(text).warnings
            } catch {
                FacetsOutput.error("error: \(error)")
                throw ExitCode(1)
            }
            for warning in warnings {
                FacetsOutput.error("warning: \(warning)")
            }
            guard let output else {
                print(text, terminator: "")
                return
            }
            if FileManager.default.fileExists(atPath: output) && !force {
                FacetsOutput.error("error: \(output) already exists; pass --force to overwrite it")
                throw ExitCode(1)
            }
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                FacetsOutput.error("error: cannot write \(output): \(error.localizedDescription)")
                throw ExitCode(1)
            }
            print("wrote \(output)")
        }

        /// Parses `METHOD:PATH[:EXTRA]`; a `:` right after `/` belongs to the path (`/items/:id`).
        static func route(_ spec: String, kind: Kind) throws -> FacetRoute {
            guard let colon = spec.firstIndex(of: ":") else {
                throw ValidationError("--route \(spec): expected METHOD:PATH[:EXTRA], e.g. GET:/hello")
            }
            let method = String(spec[..<colon]).uppercased()
            let rest = spec[spec.index(after: colon)...]
            var pathEnd = rest.endIndex
            var index = rest.startIndex
            while index < rest.endIndex {
                if rest[index] == ":" && index > rest.startIndex && rest[rest.index(before: index)] != "/" {
                    pathEnd = index
                    break
                }
                index = rest.index(after: index)
            }
            let path = String(rest[..<pathEnd])
            let extra = pathEnd < rest.endIndex ? String(rest[rest.index(after: pathEnd)...]) : nil
            if method.isEmpty || path.isEmpty {
                throw ValidationError("--route \(spec): expected METHOD:PATH[:EXTRA], e.g. GET:/hello")
            }
            switch kind {
            case .static:
                return FacetRoute(method: method, path: path, file: extra)
            case .proxy:
                return FacetRoute(method: method, path: path, upstreamPath: extra)
            case .echo:
                if let extra {
                    throw ValidationError("--route \(spec): echo routes take no file or upstream path (got '\(extra)')")
                }
                return FacetRoute(method: method, path: path)
            }
        }
    }
}
