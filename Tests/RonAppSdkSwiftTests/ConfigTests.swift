import Foundation
import Testing

@testable import RonAppSdkSwift

@Suite struct ConfigTests {
    @Test func defaultsAndSeedInitializerCompile() {
        let plain = RonConfig()
        #expect(plain.baseUrl == nil)
        #expect(plain.allowInsecureHttp == false)
        #expect(plain.debug == false)
        let dev = RonConfig(allowInsecureHttp: true, debug: true)
        #expect(dev.allowInsecureHttp && dev.debug)
    }

    @Test func readsEveryVariable() throws {
        let config = try RonConfig.fromEnvironment(environment: [
            "RON_SDK_GATEWAY_ADDR": "https://node.example.com:8443/prefix",
            "RON_SDK_OVERALL_TIMEOUT_MS": "5000",
            "RON_SDK_CONNECT_TIMEOUT_MS": "700",
            "RON_SDK_READ_TIMEOUT_MS": " 4000 ",
            "RON_SDK_WRITE_TIMEOUT_MS": "3000",
        ])
        #expect(config.baseUrl?.absoluteString == "https://node.example.com:8443/prefix")
        #expect(config.overallTimeoutMs == 5000)
        #expect(config.connectTimeoutMs == 700)
        #expect(config.readTimeoutMs == 4000)
        #expect(config.writeTimeoutMs == 3000)
    }

    @Test func explicitOverridesWin() throws {
        let overrides = RonConfig(
            baseUrl: URL(string: "https://explicit.example"), overallTimeoutMs: 1234, authToken: "t",
            debug: true)
        let config = try RonConfig.fromEnvironment(
            overrides: overrides,
            environment: [
                "RON_SDK_GATEWAY_ADDR": "https://env.example", "RON_SDK_OVERALL_TIMEOUT_MS": "9999",
                "RON_SDK_CONNECT_TIMEOUT_MS": "800",
            ])
        #expect(config.baseUrl?.host == "explicit.example")
        #expect(config.overallTimeoutMs == 1234)
        #expect(config.connectTimeoutMs == 800)
        #expect(config.authToken == "t")
        #expect(config.debug)
    }

    @Test func overrideSkipsParsingABadVariable() throws {
        let config = try RonConfig.fromEnvironment(
            overrides: RonConfig(overallTimeoutMs: 50), environment: ["RON_SDK_OVERALL_TIMEOUT_MS": "junk"])
        #expect(config.overallTimeoutMs == 50)
    }

    @Test func emptyVariablesCountAsUnset() throws {
        let config = try RonConfig.fromEnvironment(environment: [
            "RON_SDK_GATEWAY_ADDR": "  ", "RON_SDK_OVERALL_TIMEOUT_MS": "",
        ])
        #expect(config.baseUrl == nil)
        #expect(config.overallTimeoutMs == nil)
    }

    @Test(arguments: [
        ("RON_SDK_OVERALL_TIMEOUT_MS", "ten"),
        ("RON_SDK_CONNECT_TIMEOUT_MS", "-5"),
        ("RON_SDK_READ_TIMEOUT_MS", "0"),
        ("RON_SDK_WRITE_TIMEOUT_MS", "1.5"),
        ("RON_SDK_OVERALL_TIMEOUT_MS", "99999999999999999999"),
        ("RON_SDK_GATEWAY_ADDR", "node.example.com"),
        ("RON_SDK_GATEWAY_ADDR", "https://"),
        ("RON_SDK_GATEWAY_ADDR", "ftp://node.example.com"),
        ("RON_SDK_INSECURE_HTTP", "maybe"),
    ])
    func badValuesNameTheVariable(variable: String, value: String) {
        do {
            _ = try RonConfig.fromEnvironment(environment: [variable: value])
            Issue.record("expected an error for \(variable)=\(value)")
        } catch let error as SdkConfigError {
            guard case .invalidEnvironment(let named, _) = error else {
                Issue.record("wrong case \(error)")
                return
            }
            #expect(named == variable)
            #expect(error.description.contains(variable))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func insecureHttpFlagAllowsAnHttpGateway() throws {
        let address = ["RON_SDK_GATEWAY_ADDR": "http://127.0.0.1:8090"]
        #expect(throws: SdkConfigError.self) { try RonClient(config: RonConfig.fromEnvironment(environment: address)) }
        for on in ["1", "true", "TRUE"] {
            let config = try RonConfig.fromEnvironment(
                environment: address.merging(["RON_SDK_INSECURE_HTTP": on]) { $1 })
            #expect(config.allowInsecureHttp)
            try RonClient(config: config).close()
        }
        let off = try RonConfig.fromEnvironment(environment: address.merging(["RON_SDK_INSECURE_HTTP": "0"]) { $1 })
        #expect(!off.allowInsecureHttp)
        let kept = try RonConfig.fromEnvironment(
            overrides: RonConfig(allowInsecureHttp: true), environment: ["RON_SDK_INSECURE_HTTP": "0"])
        #expect(kept.allowInsecureHttp)
    }

    @Test func clientNeedsABaseUrl() {
        #expect(throws: SdkConfigError.missingBaseUrl) { try RonClient(config: RonConfig()) }
    }

    @Test func clientRefusesHttpUnlessAllowed() throws {
        let url = URL(string: "http://localhost:8080")
        #expect(throws: SdkConfigError.insecureHttpNotAllowed(host: "localhost")) {
            try RonClient(config: RonConfig(baseUrl: url))
        }
        let client = try RonClient(config: RonConfig(baseUrl: url, allowInsecureHttp: true))
        client.close()
    }

    @Test func clientAppliesDefaultTimeouts() throws {
        let client = try RonClient(config: RonConfig(baseUrl: URL(string: "https://h")))
        #expect(client.overallTimeoutMs == 10_000)
        #expect(client.connectTimeoutMs == 3_000)
        #expect(client.readTimeoutMs == 10_000)
        #expect(client.writeTimeoutMs == 10_000)
    }

    @Test func clientRefusesBadTimeoutsAndBaseUrls() {
        #expect(throws: SdkConfigError.invalidTimeout(name: "overallTimeoutMs", value: 0)) {
            try RonClient(config: RonConfig(baseUrl: URL(string: "https://h"), overallTimeoutMs: 0))
        }
        #expect(throws: SdkConfigError.invalidTimeout(name: "readTimeoutMs", value: -1)) {
            try RonClient(config: RonConfig(baseUrl: URL(string: "https://h"), readTimeoutMs: -1))
        }
        for bad in ["https://user:pw@h", "https://h/p?x=1", "https://h#frag", "mailto:a@b", "file:///tmp"] {
            #expect(throws: SdkConfigError.self, "\(bad)") {
                try RonClient(config: RonConfig(baseUrl: URL(string: bad)))
            }
        }
    }

    @Test func userAgentCarriesTheVersion() {
        #expect(RonSDK.version == "0.1.0")
        #expect(RonSDK.userAgent == "ron-app-sdk-swift/0.1.0")
    }
}
