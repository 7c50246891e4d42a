import Foundation
import Testing

@testable import RonAppSdkSwift

extension HeaderComposer {
    /// Asks the `headerProvider` as a call does, then composes.
    fileprivate func compose(method: HTTPMethod, callHeaders: [String: String], body: AppRequestBody?)
        async throws(LocalNetworkError) -> RonHeaders
    {
        var provided: [String: String] = [:]
        if let headerProvider { provided = await headerProvider() }
        return try compose(method: method, callHeaders: callHeaders, provided: provided, body: body)
    }
}

@Suite struct HeaderComposerTests {
    private func composer(
        authToken: String? = nil, passportToken: String? = nil,
        provider: (@Sendable () async -> [String: String])? = nil, keyHeader: String = "Idempotency-Key"
    ) -> HeaderComposer {
        HeaderComposer(
            authToken: authToken, passportToken: passportToken, headerProvider: provider,
            requestIdFactory: { "req-1" }, idempotencyKeyFactory: { "idem-1" }, idempotencyKeyHeader: keyHeader)
    }

    private func lookup(_ headers: RonHeaders, _ name: String) -> String? {
        headers[name]
    }

    @Test func addsTheStandardHeaders() async throws {
        let headers = try await composer().compose(method: .get, callHeaders: [:], body: nil)
        #expect(lookup(headers, "Accept") == "application/json")
        #expect(lookup(headers, "User-Agent") == "ron-app-sdk-swift/0.1.0")
        #expect(lookup(headers, "x-request-id") == "req-1")
        #expect(lookup(headers, "x-correlation-id") == "req-1")
        #expect(lookup(headers, "X-Idempotency-Key") == nil)
        #expect(lookup(headers, "Content-Type") == nil)
        #expect(lookup(headers, "Authorization") == nil)
    }

    @Test func bearerIsAddedOnlyWithoutAScheme() {
        #expect(HeaderComposer.authorizationValue("abc.def") == "Bearer abc.def")
        #expect(HeaderComposer.authorizationValue("Bearer abc") == "Bearer abc")
        #expect(HeaderComposer.authorizationValue("Macaroon mdaw") == "Macaroon mdaw")
        #expect(HeaderComposer.authorizationValue("Basic dXNlcjpwdw==") == "Basic dXNlcjpwdw==")
    }

    @Test func credentialsFromConfig() async throws {
        let headers = try await composer(authToken: "tok", passportToken: "pass").compose(
            method: .get, callHeaders: [:], body: nil)
        #expect(lookup(headers, "Authorization") == "Bearer tok")
        #expect(lookup(headers, "X-RON-Passport") == "pass")
    }

    @Test func providerWinsOverConfigAndCallWinsOverProvider() async throws {
        let headers = try await composer(
            authToken: "old", provider: { ["authorization": "Bearer rotated", "X-A": "p"] }
        )
        .compose(method: .get, callHeaders: ["x-a": "call"], body: nil)
        #expect(lookup(headers, "Authorization") == "Bearer rotated")
        #expect(lookup(headers, "X-A") == "call")
        #expect(headers.values(for: "x-a").count == 1)
    }

    @Test func callerCorrelationIdIsKeptIgnoringCase() async throws {
        let headers = try await composer().compose(
            method: .get, callHeaders: ["X-Correlation-ID": "mine"], body: nil)
        #expect(lookup(headers, "x-correlation-id") == "mine")
        #expect(headers.values(for: "x-correlation-id").count == 1)
        #expect(lookup(headers, "x-request-id") == "req-1")
    }

    /// Without factories the ids are random version-4 UUIDs (they are not checked again, so their
    /// form is what keeps them valid header values): the request id doubles as the correlation id,
    /// and a write gets a key of its own.
    @Test func defaultIdsAreRandomUUIDs() async throws {
        let composer = HeaderComposer(
            authToken: nil, passportToken: nil, headerProvider: nil, requestIdFactory: nil, idempotencyKeyFactory: nil)
        let first = try await composer.compose(method: .post, callHeaders: [:], body: nil)
        let second = try await composer.compose(method: .post, callHeaders: [:], body: nil)
        let uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
        let requestId = try #require(first["x-request-id"])
        let key = try #require(first["Idempotency-Key"])
        #expect(requestId.wholeMatch(of: uuid) != nil)
        #expect(key.wholeMatch(of: uuid) != nil)
        #expect(first["x-correlation-id"] == requestId)
        #expect(key != requestId && second["x-request-id"] != requestId)
    }

    /// Only POST, PUT, PATCH and DELETE carry a key, whatever the spelling; other methods starting
    /// with P or D do not.
    @Test func onlyTheFourWritesCarryAKey() {
        let carrying = ["POST", "put", "Patch", "DELETE"].map { HTTPMethod(rawValue: $0) }
        let not = ["GET", "HEAD", "OPTIONS", "PROPFIND", "PURGE", "DEBUG", "", "P", "D"].map {
            HTTPMethod(rawValue: $0)
        }
        #expect(carrying.filter { !$0.carriesIdempotencyKey }.isEmpty)
        #expect(not.filter { $0.carriesIdempotencyKey }.isEmpty)
    }

    @Test(arguments: [HTTPMethod.post, .put, .patch, .delete])
    func writesCarryAnIdempotencyKey(method: HTTPMethod) async throws {
        let headers = try await composer().compose(method: method, callHeaders: [:], body: nil)
        #expect(lookup(headers, "Idempotency-Key") == "idem-1")
        #expect(lookup(headers, "X-Idempotency-Key") == nil)
        let kept = try await composer().compose(method: method, callHeaders: ["x-idempotency-key": "own"], body: nil)
        #expect(lookup(kept, "X-Idempotency-Key") == "own")
        #expect(kept.values(for: "x-idempotency-key").count == 1)
        #expect(!kept.contains("idempotency-key"))
        let older = try await composer(keyHeader: "X-Idempotency-Key").compose(
            method: method, callHeaders: [:], body: nil)
        #expect(lookup(older, "X-Idempotency-Key") == "idem-1")
        #expect(!older.contains("idempotency-key"))
    }

    @Test func bodySetsContentTypeUnlessGiven() async throws {
        let body = AppRequestBody(data: Data("{}".utf8), contentType: "application/json")
        let headers = try await composer().compose(method: .post, callHeaders: [:], body: body)
        #expect(lookup(headers, "Content-Type") == "application/json")
        let custom = try await composer().compose(
            method: .post, callHeaders: ["content-type": "application/merge-patch+json"], body: body)
        #expect(lookup(custom, "Content-Type") == "application/merge-patch+json")
    }

    @Test func refusesHeaderInjection() async {
        await #expect(throws: LocalNetworkError.self) {
            try await composer().compose(method: .get, callHeaders: ["X-A": "v\r\nX-Evil: 1"], body: nil)
        }
        await #expect(throws: LocalNetworkError.self) {
            try await composer().compose(method: .get, callHeaders: ["Bad Name": "v"], body: nil)
        }
        await #expect(throws: LocalNetworkError.self) {
            try await composer(provider: { ["X-P": "a\nb"] }).compose(method: .get, callHeaders: [:], body: nil)
        }
        await #expect(throws: LocalNetworkError.self) {
            try await composer(authToken: "tok\r\nX-Evil: 1").compose(method: .get, callHeaders: [:], body: nil)
        }
        await #expect(throws: LocalNetworkError.self) {
            try await composer(passportToken: "pp\nX-Evil: 1").compose(method: .get, callHeaders: [:], body: nil)
        }
    }

    @Test func refusesInjectionFromTheIdFactoriesAndTheBodyType() async {
        let badIds = HeaderComposer(
            authToken: nil, passportToken: nil, headerProvider: nil, requestIdFactory: { "r\r\nX-Evil: 1" },
            idempotencyKeyFactory: { "k" })
        await #expect(throws: LocalNetworkError.self) {
            try await badIds.compose(method: .get, callHeaders: [:], body: nil)
        }
        let badKeys = HeaderComposer(
            authToken: nil, passportToken: nil, headerProvider: nil, requestIdFactory: { "r" },
            idempotencyKeyFactory: { "k\nX-Evil: 1" })
        await #expect(throws: LocalNetworkError.self) {
            try await badKeys.compose(method: .post, callHeaders: [:], body: nil)
        }
        let body = AppRequestBody(data: Data("{}".utf8), contentType: "application/json\r\nX-Evil: 1")
        await #expect(throws: LocalNetworkError.self) {
            try await composer().compose(method: .post, callHeaders: [:], body: body)
        }
    }
}
