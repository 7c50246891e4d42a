import Foundation
import Testing

@testable import RonCodegenCore

/// The byte-level splits of `$ref` paths give what the standard library's `split` gave, and the
/// path arithmetic built on them what a user of relative references expects.
@Suite("Paths split as bytes")
struct ByteSearchTests {
    static let texts = [
        "", "/", "//", "a", "a/b", "/a/b/", "a//b", "../c.json", "./x.yaml", "paths/pets.yaml#/get",
        "é/ü.yaml", "models/Größe.yaml", "#/components/schemas/Pet", "a#b#c", "#", "no-hash",
    ]

    @Test(arguments: texts)
    func partsAreWhatSplitGives(_ text: String) {
        #expect(ByteSearch.parts(of: text, separatedBy: 0x2F) == text.split(separator: "/").map(String.init))
    }

    @Test(arguments: texts)
    func fieldsAreWhatSplitKeepingEmptyOnesGives(_ text: String) {
        let split = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        #expect(ByteSearch.fields(of: text, separatedBy: 0x2F) == split)
    }

    @Test(arguments: texts)
    func aCutIsWhatOneSplitGives(_ text: String) {
        let split = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let cut = ByteSearch.cut(text, at: 0x23)
        #expect(cut.before == split[0])
        #expect(cut.after == (split.count == 2 ? split[1] : nil))
    }

    @Test func relativeFilesAreJoinedFromTheReferringFilesFolder() {
        #expect(Pointer.join("a/b.json", "../c.json") == "c.json")
        #expect(Pointer.join("a/b.json", "./c/d.json") == "a/c/d.json")
        #expect(Pointer.join("root.yaml", "paths/pets.yaml") == "paths/pets.yaml")
        #expect(Pointer.join("a/b/c.yaml", "../../x.yaml") == "x.yaml")
        #expect(Pointer.join("a//b.yaml", "c.yaml") == "a/c.yaml")
    }

    @Test func aFileIsNamedFromAnotherFilesFolder() {
        #expect(DescriptionAssembler.relativePath(from: "a/b.yaml", to: "a/c/d.yaml") == "c/d.yaml")
        #expect(DescriptionAssembler.relativePath(from: "a/b.yaml", to: "e.yaml") == "../e.yaml")
        #expect(DescriptionAssembler.relativePath(from: "root.yaml", to: "models/Pet.yaml") == "models/Pet.yaml")
        #expect(DescriptionAssembler.relativePath(from: "x/y/z.yaml", to: "x/w.yaml") == "../w.yaml")
    }

    @Test func aReferenceNamesItsFile() {
        #expect(DescriptionAssembler.file(of: "#/components/schemas/Pet", from: "a/root.yaml") == "a/root.yaml")
        #expect(DescriptionAssembler.file(of: "../models/Pet.yaml#/Pet", from: "a/paths/p.yaml") == "a/models/Pet.yaml")
        #expect(DescriptionAssembler.file(of: "models/Gr%C3%B6%C3%9Fe.yaml", from: "root.yaml") == "models/Größe.yaml")
        #expect(DescriptionAssembler.file(of: "/shared/Error.yaml", from: "a/b.yaml") == "shared/Error.yaml")
        #expect(DescriptionAssembler.file(of: "https://example.com/pet.json#/Pet", from: "a.yaml") == nil)
        #expect(ReferenceLocator.name(of: "a/b/Pet.yaml") == "Pet.yaml")
        #expect(ReferenceLocator.name(of: "Pet.yaml") == "Pet.yaml")
    }
}
