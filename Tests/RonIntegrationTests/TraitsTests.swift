import Testing

@testable import RonAppSdkSwift

/// The traits this test run was built with; the integration suites below compile only under theirs.
@Suite struct TraitsTests {
    @Test func integrationSuitesMatchTheEnabledTraits() {
        var enabled: [String] = []
        #if AsyncHTTPClient
            enabled.append("AsyncHTTPClient")
        #endif
        #if Metrics
            enabled.append("Metrics")
        #endif
        #if Tracing
            enabled.append("Tracing")
        #endif
        #if Vapor
            enabled.append("Vapor")
        #endif
        #if Hummingbird
            enabled.append("Hummingbird")
        #endif
        #expect(enabled.allSatisfy { !$0.isEmpty })
    }
}
