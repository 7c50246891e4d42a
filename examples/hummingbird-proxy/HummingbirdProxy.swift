// A Hummingbird server in front of a RON gateway, using the SDK's server helpers.
//
//   swift run --traits Hummingbird,AsyncHTTPClient example-hummingbird-proxy
//   (RON_SDK_GATEWAY_ADDR, RON_SDK_INSECURE_HTTP as for any client; PORT, default 8081)
//
//   GET /hello    the gateway's greeting
//   GET /items    the names on the first page of items
//   GET /missing  a gateway 404, passed on as problem JSON with its status
// Every answer carries x-correlation-id: the caller's, which is also sent on to the gateway.
#if Hummingbird && AsyncHTTPClient
    import Foundation
    import Hummingbird
    import NIOPosix
    import RonAppSdkSwift

    @main
    enum HummingbirdProxy {
        static func main() async throws {
            let transport = AsyncHTTPClientTransport(eventLoopGroup: MultiThreadedEventLoopGroup.singleton)
            let client = try RonClient(
                config: RonConfig.fromEnvironment(
                    overrides: RonConfig(
                        headerProvider: RonCorrelation.headerProvider, transport: transport,
                        middleware: [RetryMiddleware()])))
            let router = Router()
            router.add(middleware: RonHummingbirdMiddleware())
            router.get("hello") { _, _ -> String in
                let answer: AppResponse<Hello> = await client.get("/hello")
                return try answer.value().message
            }
            router.get("items") { _, _ -> String in
                let answer: AppResponse<Page<Item>> = await client.get("/items", query: ["page_size": "3"])
                return try answer.value().items.map(\.name).joined(separator: ", ")
            }
            router.get("missing") { _, _ -> String in
                let answer: AppResponse<Hello> = await client.get("/_test/not-found")
                return try answer.value().message
            }
            let port = ProcessInfo.processInfo.environment["PORT"].flatMap(Int.init) ?? 8081
            let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
            try await app.runService()
            client.close()
            try await transport.shutdown()
        }
    }
#else
    import Foundation

    @main
    enum HummingbirdProxy {
        static func main() {
            FileHandle.standardError.write(
                Data(
                    "Build with the traits: swift run --traits Hummingbird,AsyncHTTPClient example-hummingbird-proxy\n"
                        .utf8))
            exit(64)
        }
    }
#endif
