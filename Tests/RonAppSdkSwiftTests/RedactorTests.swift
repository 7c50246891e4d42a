import Foundation
import Testing

@testable import RonAppSdkSwift

@Suite struct RedactorTests {
    @Test func redactsSensitiveHeaders() {
        let headers = Redactor.headers([
            "Authorization": "Bearer secret1", "X-RON-Token": "secret2", "x-ron-passport": "secret3",
            "Cookie": "sid=secret4", "Set-Cookie": "sid=secret5", "X-Api-Key": "secret6",
            "X-Custom": "Bearer secret7", "Accept": "application/json", "x-request-id": "r-1",
        ])
        for (name, value) in headers where name != "Accept" && name != "x-request-id" {
            #expect(value == Redactor.placeholder, "\(name)")
        }
        #expect(headers["Accept"] == "application/json")
        #expect(headers["x-request-id"] == "r-1")
    }

    @Test func redactsTokenLookingQueryValuesAndUserInfo() {
        let url = URL(
            string: "https://u:pw@h/app/x?page_token=abc&api_key=k1&secret=s&password=p&q=visible&passport=x")!
        let text = Redactor.url(url)
        for secret in ["abc", "k1", "=s&", "=p&", "pw", "passport=x"] {
            #expect(!text.contains(secret), "\(secret) leaked in \(text)")
        }
        #expect(text.contains("q=visible"))
    }

    @Test func redactsCredentialsInText() {
        let text = Redactor.text(
            #"{"token":"t0p","user":"ann","nested":{"api_key":"k"},"auth":"Bearer abc.def"} Basic dXNlcg=="#)
        for secret in ["t0p", "\"k\"", "abc.def", "dXNlcg=="] {
            #expect(!text.contains(secret), "\(secret) leaked in \(text)")
        }
        #expect(text.contains("ann"))
    }
}
