import Foundation
import RonMock

/// A mock over a ``ShopSchema`` on a free loopback port, for one test.
final class MockServing {
    let shop: ShopSchema
    let server: MockServer
    let port: Int

    /// `state`: stateful by default, as the mock is (`.stateless` for what the fixtures and
    /// examples answer whatever was sent before).
    init(fixtures: [String: String] = [:], state: MockStateConfiguration = MockStateConfiguration()) throws {
        shop = try ShopSchema(fixtures: fixtures)
        let api = try MockAPI(schemaDirectory: shop.schema, fixturesDirectory: shop.fixtures, state: state)
        server = MockServer(api: api)
        port = try server.start().port ?? 0
    }

    var url: String { server.url?.absoluteString ?? "" }

    /// One request on a new connection.
    func request(
        _ method: String, _ target: String, headers: [String: String] = [:], body: String? = nil
    ) throws -> MockHTTPClient.Answer {
        try MockHTTPClient(port: port).request(method, target, headers: headers, body: body)
    }

    deinit {
        server.stop()
        shop.remove()
    }
}

/// A mock of schema documents (file name → text) written to a folder of their own, on a free
/// loopback port, for one test; the folder goes with it.
final class MockOverDocuments {
    let folder: URL
    let api: MockAPI
    let server: MockServer
    let port: Int

    init(_ documents: [String: String], credentials: MockCredentials = MockCredentials()) throws {
        folder = try Self.folder(documents)
        do {
            api = try MockAPI(schemaDirectory: folder, fixturesDirectory: nil, credentials: credentials)
            server = MockServer(api: api)
            port = try server.start().port ?? 0
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// A new temporary folder holding `documents`.
    static func folder(_ documents: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "ron-mock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in documents { try Data(text.utf8).write(to: folder.appending(path: name)) }
        return folder
    }

    /// One request on a new connection; a body goes as JSON unless `headers` names its type.
    func request(
        _ method: String, _ target: String, headers: [String: String] = [:], body: String? = nil
    ) throws -> MockHTTPClient.Answer {
        var headers = headers
        if body != nil, !headers.keys.contains(where: { $0.lowercased() == "content-type" }) {
            headers["Content-Type"] = "application/json"
        }
        return try MockHTTPClient(port: port).request(method, target, headers: headers, body: body)
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
