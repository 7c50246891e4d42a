/// The Swift, shell and Markdown files of a package made by `ron new`.
extension Scaffold {
    var packageManifest: String {
        let (sdk, id) = dependency.declaration
        let sdkLine = server == .hummingbird ? sdk.dropLast() + ", traits: [\"Hummingbird\"])" : Substring(sdk)
        let hummingbird =
            server == .hummingbird
            ? "\n        .package(url: \"https://github.com/hummingbird-project/hummingbird.git\", from: \"2.28.1\"),"
            : ""
        let serverTargetText =
            server == .hummingbird
            ? """

                    // A server that answers with the same types (Hummingbird; the SDK's Hummingbird trait).
                    .executableTarget(
                        name: "\(serverTarget)",
                        dependencies: [
                            "\(api)", .product(name: "RonAppSdkSwift", package: "\(id)"),
                            .product(name: "Hummingbird", package: "hummingbird"),
                        ]
                    ),
            """ : ""
        return """
            // swift-tools-version: 6.1
            import PackageDescription

            let package = Package(
                name: "\(name)",
                platforms: [.macOS(.v13), .iOS(.v16)],
                dependencies: [
                    \(sdkLine),\(hummingbird)
                ],
                targets: [\(apiTargets(id))
                    // A command-line app that calls the API.
                    .executableTarget(
                        name: "\(cli)",
                        dependencies: ["\(api)", .product(name: "RonAppSdkSwift", package: "\(id)")]
                    ),\(serverTargetText)
                    // Every fixture in Tests/\(api)Tests/Fixtures decodes and re-encodes as it came.
                    .testTarget(
                        name: "\(api)Tests",
                        dependencies: ["\(api)", .product(name: "RonAppSdkSwift", package: "\(id)")],
                        exclude: ["Fixtures"]
                    ),
                ]
            )

            """
    }

    /// The library target (or, in a split, the types target and the calls target) in the manifest.
    func apiTargets(_ id: String) -> String {
        // The target with Schema/: the whole API, or in a split its types alone (over RonGenerated
        // alone, so that the calls can go in a target of their own).
        let comment =
            split
            ? "The API's types, generated at build time from Schema/. It depends on RonGenerated\n"
                + "        // alone, so the calls go in the next target."
            : "The API's types and RonClient calls, generated at build time from Schema/."
        let library = split ? "RonGenerated" : "RonAppSdkSwift"
        let schemaHolder = """

                    // \(comment)
                    .target(
                        name: "\(schemaTarget)",
                        dependencies: [.product(name: "\(library)", package: "\(id)")],
                        resources: [.copy("Schema")],  // copied whole: a description's folders may hold files of one name
                        plugins: [.plugin(name: "RonCodegenPlugin", package: "\(id)")]
                    ),
            """
        guard split else { return schemaHolder }
        guard callsParts.isEmpty else { return schemaHolder + partsTargets(id) }
        return schemaHolder + """

                    // The RonClient calls of \(schemaTarget)'s Schema/ (this target has none of its own),
                    // generated at build time: an edited operation recompiles these files alone.
                    .target(
                        name: "\(api)",
                        dependencies: ["\(schemaTarget)", .product(name: "RonAppSdkSwift", package: "\(id)")],
                        plugins: [.plugin(name: "RonCodegenPlugin", package: "\(id)")]
                    ),
            """
    }

    /// The targets of the calls' parts and `<name>API`, their front, in the manifest.
    func partsTargets(_ id: String) -> String {
        var text = ""
        for (index, part) in callsParts.enumerated() {
            let comment =
                index == 0
                ? """
                // The RonClient calls of \(schemaTarget)'s Schema/, in \(callsParts.count) targets (each its share,
                        // generated at build time) that build side by side: an edited operation recompiles one.
                """ : "// Another share of the calls."
            text += """

                        \(comment)
                        .target(
                            name: "\(part)",
                            dependencies: ["\(schemaTarget)", .product(name: "RonAppSdkSwift", package: "\(id)")],
                            plugins: [.plugin(name: "RonCodegenPlugin", package: "\(id)")]
                        ),
                """
        }
        let parts = callsParts.map { "\"\($0)\"" }.joined(separator: ", ")
        return text + """

                    // What you import: the types and every share of the calls, with the operation catalog
                    // over them and the security schemes' credentials (generated here).
                    .target(
                        name: "\(api)",
                        dependencies: [\(parts), .product(name: "RonAppSdkSwift", package: "\(id)")],
                        plugins: [.plugin(name: "RonCodegenPlugin", package: "\(id)")]
                    ),
            """
    }

    /// A part's one handwritten file.
    var partSource: String {
        """
        // ron-codegen: a part of the calls
        // A share of the calls of \(schemaTarget)'s Schema/, generated when this target builds: the line
        // above makes this target one of the parts of the calls (each gets its own run of the files);
        // edit the documents, not generated code. `import \(api)` gives every share.

        """
    }

    /// The types target's one handwritten file, in a split.
    var typesSource: String {
        """
        // The types of Schema/ (Widget, WidgetState, WidgetDraft) are generated when this target builds;
        // edit the documents, not generated code. The calls are generated in \(api), which re-exports
        // this module: `import \(api)` gives both.

        """
    }

    var apiSource: String {
        let exports = ([schemaTarget] + callsParts).map { "@_exported import \($0)" }.joined(separator: "\n")
        let origin =
            !callsParts.isEmpty
            ? """
            // One import of this module gives the types and every share of the calls (listWidgets,
            // getWidget, createWidget), generated from \(schemaTarget)'s Schema/ when they build.
            \(exports)

            // The operation catalog over the shares and the security schemes' credentials are generated
            // when this target builds; edit the documents, not generated code.
            """
            : split
                ? """
                // One import of this module gives the types too: they are \(schemaTarget)'s.
                @_exported import \(schemaTarget)

                // The calls (listWidgets, getWidget, createWidget) of \(schemaTarget)'s Schema/ are generated
                // when this target builds; edit the documents, not generated code.
                """
                : """
                // The types (Widget, WidgetState, WidgetDraft) and the calls (listWidgets, getWidget, createWidget)
                // of Schema/ are generated when the target builds; edit the documents, not generated code.
                """
        return """
            import Foundation
            import RonAppSdkSwift

            \(origin)

            extension RonClient {
                /// A client for the widget API at `base`; plain http is allowed on this machine only.
                /// `credentials`: those of the schema's security schemes (`WidgetsCredentials(...).credentials`);
                /// each call attaches what its operation requires.
                public static func widgets(at base: URL, credentials: RonCredentials? = nil) throws -> RonClient {
                    let local = ["127.0.0.1", "localhost", "::1"].contains(base.host ?? "")
                    var config = RonConfig(baseUrl: base, allowInsecureHttp: local)
                    config.credentials = credentials
                    return try RonClient(config: config)
                }
            }

            """
    }

    var cliSource: String {
        """
        import Foundation
        import RonAppSdkSwift
        import \(api)

        // Lists the widgets and fetches the first. The server: the first argument, else
        // RON_SDK_GATEWAY_ADDR, else http://127.0.0.1:8080 (where
        // `swift package --scratch-path .build/mock ron-mock --port 8080` serves the API from the fixtures).
        let address =
            CommandLine.arguments.dropFirst().first ?? ProcessInfo.processInfo.environment["RON_SDK_GATEWAY_ADDR"]
            ?? "http://127.0.0.1:8080"
        guard let base = URL(string: address), base.scheme != nil else {
            FileHandle.standardError.write(Data("\\(address) is not a URL\\n".utf8))
            exit(64)
        }
        // createWidget needs the widgetsKey scheme's API key (X-Widgets-Key, from WIDGETS_API_KEY); the
        // reads need none. The mock takes any key.
        let key = ProcessInfo.processInfo.environment["WIDGETS_API_KEY"]
        let client = try RonClient.widgets(at: base, credentials: WidgetsCredentials(widgetsKey: key).credentials)
        defer { client.close() }
        let listed = await client.listWidgets(limit: 10)
        guard let widgets = listed.data else {
            let problem = listed.problem.map { "\\($0.code): \\($0.message)" } ?? "no answer"
            FileHandle.standardError.write(Data("listWidgets failed: \\(problem)\\n".utf8))
            exit(1)
        }
        for widget in widgets {
            print("\\(widget.id)  \\(widget.name)  \\(widget.state)")
        }
        if let first = widgets.first {
            let one = await client.getWidget(widgetId: first.id)
            print("getWidget(\\(first.id)): \\(one.status) \\(one.data?.name ?? one.problem?.code ?? "")")
        }

        """
    }

    var fixtureTest: String {
        """
        import Foundation
        import RonAppSdkSwift
        import Testing
        import \(api)

        /// Every Fixtures/<TypeName>/*.json decodes with its generated type and encodes back to the same
        /// JSON: when the schema and the server part, this names the file, the type and the JSON pointer.
        @Test func fixturesMatchTheSchema() throws {
            let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures")
            try RonFixtures.verify(folder: fixtures, catalog: \(schemaTarget).RonSchemaCatalog.self)
        }

        """
    }

    var serverSource: String {
        """
        import Foundation
        import Hummingbird
        import RonAppSdkSwift
        import \(api)

        // GET /widgets/:id answers the widget from the API at RON_SDK_GATEWAY_ADDR; a problem from there
        // (a 404, a transport failure) is answered as problem JSON with its status. PORT: default 8081.
        let client = try RonClient(config: RonConfig.fromEnvironment())
        let router = Router()
        router.add(middleware: RonHummingbirdMiddleware())
        router.get("widgets/:id") { _, context -> Response in
            let id = try context.parameters.require("id")
            let widget = try await client.getWidget(widgetId: id).value()
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            return Response(
                status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(widget))))
        }
        let port = ProcessInfo.processInfo.environment["PORT"].flatMap(Int.init) ?? 8081
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
        try await app.runService()

        """
    }
}

extension Scaffold {
    var ciScript: String {
        #"""
        #!/usr/bin/env bash
        # The checks of this package, for CI and before a push: the build, the tests (the fixture test,
        # and the app's flow against the mock of the API: MockFlowTests), the fixtures read against the
        # schema, what the schema change since the last commit breaks, and drift: the API's answers
        # against the schema (API_BASE_URL, or else the mock of the API).
        # Credentials for the API's security schemes: API_CREDENTIALS_FILE (NAME=VALUE lines, never
        # committed) or RON_CREDENTIAL_<NAME>; the mock takes one made-up credential for every scheme.
        set -euo pipefail
        cd "$(dirname "$0")"
        # `swift package` on Linux now and then dies of a signal itself (a race in its own process
        # handling, not in the plugin: a plugin that fails makes it exit 1). Such a run says nothing
        # about this package, so it runs once more; any other failure stops the script.
        plugin() {
            local status=0
            swift package "$@" || status=$?
            if [ "$status" -ge 128 ]; then
                echo "ci.sh: swift package $1 died of signal $((status - 128)); running it once more" >&2
                status=0
                swift package "$@" || status=$?
            fi
            return "$status"
        }
        swift build
        # The mock of the API, started once: the tests' MockFlowTests run the app's flow against it
        # (API_MOCK_URL), and drift checks its answers unless API_BASE_URL names a server. It checks each
        # operation's security: the tests and drift send one made-up credential for every scheme.
        # It runs in a build folder of its own (a running `swift package` holds .build's lock) and
        # writes its URL to a file (SwiftPM shows a plugin's output only when it ends).
        mock_credentials=(--credential '*=ci:mock-credential')
        log=$(mktemp)
        url=$(mktemp)
        rm -f "$url"
        set -m
        swift package --scratch-path .build/mock ron-mock --port 0 --url-file "$url" "${mock_credentials[@]}" > "$log" 2>&1 &
        mock=$!
        set +m
        trap 'kill -- -"$mock" 2>/dev/null || true; rm -f "$log" "$url"' EXIT
        mock_url=""
        for _ in $(seq 1 3000); do
            [ -s "$url" ] && mock_url=$(head -n 1 "$url")
            [ -n "$mock_url" ] && break
            kill -0 "$mock" 2>/dev/null || break
            sleep 0.1
        done
        [ -n "$mock_url" ] || { cat "$log"; echo "error: the mock did not start"; exit 1; }
        API_MOCK_URL=$mock_url swift test
        plugin ron-codegen verify
        if git rev-parse --verify --quiet HEAD >/dev/null 2>&1; then
            plugin ron-codegen diff --old HEAD
        fi
        base=${API_BASE_URL:-}
        credentials=()
        if [ -n "$base" ]; then
            if [ -n "${API_CREDENTIALS_FILE:-}" ]; then
                credentials=(--credentials-file "$API_CREDENTIALS_FILE")
            fi
        else
            base=$mock_url
            credentials=("${mock_credentials[@]}")
        fi
        plugin ron-codegen drift --base "$base" "${credentials[@]}"

        """#
    }

    /// What README adds to where the code is generated, in a split.
    var splitNote: String {
        !callsParts.isEmpty
            ? """
            : the types in `\(schemaTarget)`, the calls in \(callsParts.map { "`\($0)`" }.joined(separator: ", ")),
              which build side by side (an edit of an operation recompiles one of them), and `\(api)`, which
              re-exports them all and has the operation catalog and the credentials
            """
            : split
                ? """
                : the types in `\(schemaTarget)`, the calls in `\(api)`, which re-exports the types, so that an edit of an
                  operation recompiles the calls alone
                """ : ""
    }

    var readme: String {
        """
        # \(name)

        Made with `ron new`: the Swift SDK of the RON App Plane, with this package's own API.

        - `Sources/\(schemaTarget)/Schema/`: the API, as documents. `widget.schema.json` is a JSON Schema as schemars
          writes it; `widgets.openapi.json` (OpenAPI 3.1) lists the operations. The types and the `RonClient`
          calls (`listWidgets`, `getWidget`, `createWidget`) are generated when `\(api)` builds\(splitNote).
        - `createWidget` needs the `widgetsKey` security scheme's API key (`X-Widgets-Key`): give it to the
          client once, `RonClient.widgets(at:credentials:)` with `WidgetsCredentials(widgetsKey:).credentials`;
          `drift` and `ron-record` take `--credential widgetsKey=KEY`, `./ci.sh` reads `API_CREDENTIALS_FILE`.
        - `drift` calls the GET operations (the others only with `--unsafe`, against a server you can throw
          away). A parameter with no example in the description takes an id an earlier answer listed, or a
          value from `Sources/\(schemaTarget)/drift-values.json` (`{"parameters": {"widget_id": "w1"}}`; add
          `exclude: ["drift-values.json"]` to the target) or `--value widget_id=w1`.
        - `Tests/\(api)Tests/Fixtures/<TypeName>/*.json`: real answers; the test decodes and re-encodes each.
        - `Tests/\(api)Tests/MockFlowTests.swift`: the app's flow through the generated calls against the mock
          (create, list, get; a 503 and a reset connection the client retries, latency), asked for with `Prefer:`.
          `./ci.sh` starts the mock and runs `swift test` with `API_MOCK_URL` set; without it they are skipped
          (by hand: `API_MOCK_URL=http://127.0.0.1:8080 swift test` while the mock below runs).
        - `Sources/\(cli)/`: a command-line app that calls the API.

        ```sh
        swift build && swift test                          # generate, build, check the fixtures
        swift package --scratch-path .build/mock ron-mock --port 8080   # serve the API from the fixtures (another terminal)
        swift run \(cli) http://127.0.0.1:8080             # call it
        swift package ron-codegen verify                   # the fixtures against the schema, no build
        swift package ron-codegen diff                     # what the schema change since the last commit breaks
        swift package ron-codegen drift --base URL         # a server's answers against the schema
        swift package --allow-writing-to-package-directory ron-record --base URL   # its answers as fixtures
        ./ci.sh                                            # all of the above, for CI
        ```

        `swift package ron-codegen help` lists every command; `<command> --help` shows its options.

        """
    }
}
