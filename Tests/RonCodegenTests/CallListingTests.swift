import Foundation
import RonCodegenCore
import RonTestSupport
import Testing

/// `ron-codegen calls`: every generated call with its signature and route, and every type with its
/// members, one a line; checked against the generated file of the operations golden schema.
@Suite struct CallListingTests {
    static let schema = GoldenTests.directory.appending(path: "Operations/Schema")

    static func generated() throws -> String {
        try String(
            contentsOf: GoldenTests.directory.appending(
                path: "Operations/ExpectedOperations/RonOperations.swift.golden"), encoding: .utf8)
    }

    static func listing() throws -> [String] {
        SwiftRenderer.callListing(try CodeGenerator().model(schemaDirectory: schema))
    }

    @Test func everyGeneratedMethodIsListedWithTheSignatureTheFileDeclares() throws {
        let generated = try Self.generated()
        let calls = try Self.listing().filter { $0.hasPrefix("call  ") }
        // Every method of RonClient and FacetClient the file declares, and nothing else.
        let declared = generated.split(separator: "\n").compactMap { line -> String? in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("public func "), !text.contains("multipartForm()"), !text.contains("decode(") else {
                return nil
            }
            return String(text.dropFirst("public func ".count).dropLast(2))
        }
        let listed = calls.map { line in
            let signature = line.dropFirst("call  ".count).split(separator: "  ")[0]
            return String(signature.drop { $0 != "." }.dropFirst())
        }
        #expect(!declared.isEmpty)
        #expect(Set(listed) == Set(declared))
        #expect(listed.count == declared.count)
    }

    @Test func aCallNamesItsReceiverRouteAndDocument() throws {
        let calls = try Self.listing().filter { $0.hasPrefix("call  ") }
        let get = try #require(calls.first { $0.hasPrefix("call  RonClient.getGadgetsByGadgetId(") })
        let columns = get.components(separatedBy: "  ")
        #expect(
            columns[1]
                == "RonClient.getGadgetsByGadgetId(gadgetId: String, headers: [String: String] = [:]) async -> sending AppResponse<Gadget>"
        )
        #expect(columns[2].hasPrefix("GET /"))
        #expect(columns[2].hasSuffix("/gadgets/{gadget_id}"))
        #expect(columns[3].hasPrefix("gadgets.openapi.json#/paths/"))
        #expect(calls.contains { $0.hasPrefix("call  RonClient.listGadgetsPages(") })
        // One line a call: nothing wraps.
        #expect(calls.allSatisfy { !$0.contains("\n") })
    }

    @Test func typesAreListedWithTheirMembersAndWireNames() throws {
        let lines = try Self.listing()
        #expect(lines.contains { $0.hasPrefix("type  Gadget  struct  ") })
        let members = lines.filter { $0.hasPrefix("member  Gadget.") }
        #expect(!members.isEmpty)
        #expect(members.allSatisfy { $0.contains(": ") })
        #expect(members.contains { $0 == "member  Gadget.color: GadgetColor  \"color\"" })
        #expect(lines.contains { $0.hasPrefix("type  GadgetColor  enum  ") })
        #expect(lines.contains { $0.hasPrefix("type  CreateGadgetResponse  enum of answers  ") })
    }

    @Test func theToolPrintsTheListingAndRefusesBadInput() async throws {
        let tool = try #require(ChildProcess.builtExecutable("ron-codegen"), "ron-codegen is not built")
        let result = try await ChildProcess.run(tool, ["calls", "--schema", Self.schema.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.split(separator: "\n").map(String.init) == (try Self.listing()))
        let help = try await ChildProcess.run(tool, ["calls", "--help"])
        #expect(help.status == 0)
        #expect(help.output.hasPrefix("usage: ron-codegen calls"))
        let unknown = try await ChildProcess.run(tool, ["calls", "--frobnicate"])
        #expect(unknown.status == 2)
        let missing = try await ChildProcess.run(tool, ["calls", "--schema", "/nonexistent/Schema"])
        #expect(missing.status != 0)
        #expect(missing.error.contains("/nonexistent/Schema"))
    }
}
