import ArgumentParser
import Foundation
import RonAppSdkSwift
import RonFacets

extension FacetsCommand {
    /// `ron facets validate FILE|DIR...`
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check manifests with the node's rules: one line per file, `ok` or `rejected` with the reason.",
            discussion: """
                A directory stands for the *.toml files directly in it, as the node's loader reads it. \
                Warnings (routes the node never serves, ignored tables, a facet id used twice) follow the \
                line of their file. The exit status is 1 when any file is rejected.

                With --root DIR the check is the node's whole load: static route files must exist \
                (relative paths below DIR, as the node resolves them against its working directory), a \
                facet id already loaded from an earlier file of the same directory is rejected, and a \
                directory with no valid manifest is rejected.
                """
        )

        @Argument(help: "Manifest files or facet directories.")
        var paths: [String]

        @Option(help: "Check like the node's loader running in this directory (static files, duplicate ids).")
        var root: String?

        mutating func run() throws {
            var rejected = false
            let rootURL = root.map { URL(fileURLWithPath: $0, isDirectory: true) }
            var idOwners: [String: String] = [:]
            for path in paths {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                    print("rejected  \(path): no such file or directory")
                    rejected = true
                    continue
                }
                if isDirectory.boolValue {
                    rejected = validateDirectory(path, root: rootURL, idOwners: &idOwners) || rejected
                } else {
                    rejected = validateFile(path, root: rootURL, idOwners: &idOwners) || rejected
                }
            }
            if rejected { throw ExitCode(1) }
        }

        /// Prints the verdict of one file; returns whether it was rejected.
        private func validateFile(_ path: String, root: URL?, idOwners: inout [String: String]) -> Bool {
            let document: FacetManifestDocument
            do {
                document = try FacetManifestReader.read(contentsOf: URL(fileURLWithPath: path), validate: false)
            } catch {
                print("rejected  \(path): \(error)")
                return true
            }
            do {
                try document.definition.validate()
            } catch {
                print("rejected  \(path): \(error)")
                // What the node ignored often explains the rejection ([facet.upstream] for a proxy, say).
                printWarnings(document.warnings.filter { !document.definition.warnings.contains($0) })
                return true
            }
            if let root, let missing = FacetDirectoryLoader.missingStaticFile(of: document.definition, root: root) {
                print("rejected  \(path): static file not found: \(missing.path)")
                return true
            }
            print("ok  \(path)")
            printWarnings(document.warnings)
            let id = document.definition.id
            if let owner = idOwners[id] {
                print("  warning: facet id '\(id)' is also used by \(owner); a node loading both skips the later one")
            } else {
                idOwners[id] = path
            }
            return false
        }

        /// Prints the verdicts of a directory's manifests; returns whether any was rejected.
        private func validateDirectory(_ path: String, root: URL?, idOwners: inout [String: String]) -> Bool {
            let directory = URL(fileURLWithPath: path, isDirectory: true)
            guard let root else {
                let files: [URL]
                do {
                    files = try FacetDirectoryLoader.manifestFiles(in: directory)
                } catch {
                    print("rejected  \(path): \(error)")
                    return true
                }
                if files.isEmpty {
                    print("rejected  \(path): no *.toml manifests in the directory")
                    return true
                }
                var rejected = false
                for file in files {
                    let shown = FacetsOutput.display(path, file.lastPathComponent)
                    rejected = validateFile(shown, root: nil, idOwners: &idOwners) || rejected
                }
                return rejected
            }
            do {
                let load = try FacetDirectoryLoader.load(directory: directory, root: root)
                printLoad(path, loaded: load.loaded, skipped: load.skipped)
                return !load.skipped.isEmpty
            } catch {
                printLoad(path, loaded: [], skipped: error.skipped)
                print("rejected  \(path): \(error)")
                return true
            }
        }

        private func printLoad(_ path: String, loaded: [FacetLoadedManifest], skipped: [FacetSkippedFile]) {
            var lines: [(name: String, text: [String])] = []
            for item in loaded {
                let shown = FacetsOutput.display(path, item.file.lastPathComponent)
                lines.append(
                    (item.file.lastPathComponent, ["ok  \(shown)"] + item.document.warnings.map { "  warning: \($0)" }))
            }
            for item in skipped {
                let shown = FacetsOutput.display(path, item.file.lastPathComponent)
                lines.append((item.file.lastPathComponent, ["rejected  \(shown): \(item.reason)"]))
            }
            for line in lines.sorted(by: { $0.name < $1.name }).flatMap(\.text) {
                print(line)
            }
        }

        private func printWarnings(_ warnings: [FacetWarning]) {
            for warning in warnings {
                print("  warning: \(warning)")
            }
        }
    }
}
