import Foundation

/// The files of a package made by `ron new`: text templates with the package's name put in.
struct Scaffold {
    /// How the package depends on the SDK.
    enum Dependency {
        case path(String)
        case url(String, from: String)

        /// The `.package(...)` line and the package identity products are named by.
        var declaration: (line: String, identity: String) {
            switch self {
            case .path(let path):
                return (".package(path: \(Scaffold.literal(path)))", URL(fileURLWithPath: path).lastPathComponent)
            case .url(let url, let version):
                var identity = URL(string: url)?.lastPathComponent ?? url
                if identity.hasSuffix(".git") { identity.removeLast(4) }
                return (".package(url: \(Scaffold.literal(url)), from: \(Scaffold.literal(version)))", identity)
            }
        }
    }

    /// One file: where it goes in the package, its text, and whether it is a script.
    struct File {
        var path: String
        var contents: String
        var executable = false
    }

    /// The package's name (UpperCamelCase); the library is `<name>API`, the app `<name-in-kebab>-cli`.
    var name: String
    var dependency: Dependency
    var server: ScaffoldServer
    /// Whether the types go in a target of their own (`<name>APITypes`, with `Schema/`) and the
    /// calls in `<name>API`, which re-exports them: an edit of an operation then recompiles the calls
    /// alone. `ron new` splits unless told `--one-module`.
    var split = false
    /// In a split, the number of targets the calls go in (`<name>APICalls1` …), built side by side;
    /// `<name>API` then depends on them all, re-exports them, and gets the operation catalog and
    /// the security schemes. One: the calls in `<name>API`.
    var callsTargets = 1

    var api: String { name + "API" }
    /// The targets of the calls' parts, when there are two or more.
    var callsParts: [String] { split && callsTargets > 1 ? (1...callsTargets).map { "\(api)Calls\($0)" } : [] }
    /// The target whose `Schema/` folder holds the documents: `<name>APITypes` in a split, else `<name>API`.
    var schemaTarget: String { split ? api + "Types" : api }
    var cli: String { Self.kebab(name) + "-cli" }
    var serverTarget: String { Self.kebab(name) + "-server" }

    /// `my_app`, `my-app`, `myApp` → `MyApp`; a name that starts with a digit gets `App` in front.
    static func typeName(_ text: String) -> String {
        let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        let joined = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        guard let first = joined.first else { return "App" }
        return first.isNumber ? "App" + joined : joined
    }

    /// `MyApp` → `my-app`.
    static func kebab(_ name: String) -> String {
        var out = ""
        for character in name {
            if character.isUppercase, !out.isEmpty { out += "-" }
            out += character.lowercased()
        }
        return out
    }

    /// `text` as a Swift string literal.
    static func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    var files: [File] {
        var files = [
            File(path: "Package.swift", contents: packageManifest),
            File(path: ".gitignore", contents: ".build/\n/Package.resolved\n.swiftpm/\n"),
            File(path: "README.md", contents: readme),
            File(path: "ci.sh", contents: ciScript, executable: true),
            File(path: "Sources/\(api)/\(api).swift", contents: apiSource),
            File(path: "Sources/\(schemaTarget)/Schema/widget.schema.json", contents: ScaffoldDocuments.widgetSchema),
            File(path: "Sources/\(schemaTarget)/Schema/widgets.openapi.json", contents: ScaffoldDocuments.openAPI),
            File(path: "Sources/\(cli)/main.swift", contents: cliSource),
            File(path: "Tests/\(api)Tests/FixtureTests.swift", contents: fixtureTest),
            File(path: "Tests/\(api)Tests/MockFlowTests.swift", contents: mockFlowTest),
            File(path: "Tests/\(api)Tests/Fixtures/Widget/w1.json", contents: ScaffoldDocuments.widgetFixture),
            File(path: "Tests/\(api)Tests/Fixtures/WidgetDraft/draft.json", contents: ScaffoldDocuments.draftFixture),
        ]
        if split {
            files.append(File(path: "Sources/\(schemaTarget)/\(schemaTarget).swift", contents: typesSource))
        }
        for part in callsParts {
            files.append(File(path: "Sources/\(part)/\(part).swift", contents: partSource))
        }
        if server == .hummingbird {
            files.append(File(path: "Sources/\(serverTarget)/main.swift", contents: serverSource))
        }
        return files
    }
}
