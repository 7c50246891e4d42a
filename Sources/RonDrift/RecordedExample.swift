import Foundation
import RonAppSdkSwift
import RonCodegenCore

/// One fixture to write from an answer, in the folder that `RonFixtures` checks it from
/// (`RonFixtureShape`, the names `FixtureFolderName` gives): a named type's answer as it came, a
/// list of a named type item by item into that type's folder (at most three), and every other
/// answer (a scalar, a map, a list of scalars or of lists, any JSON, an empty list) whole, in the
/// folder of its shape (`Bool/`, `Gadget.map/`, `Gadget.list/`, …).
struct RecordedExample {
    /// Why nothing is written: the answer is not JSON.
    struct Note: Error {
        var message: String
    }

    /// The fixtures folder it goes to: a generated type's name, or a shape of one (`Bool`,
    /// `Gadget.list`, `JSONValue`, …), safe as a file name.
    var type: String
    /// The file name without `.json` (`recorded_<operation>`, `recorded_<operation>-2`).
    var name: String
    /// The JSON to write.
    var data: Data
    /// Whether it is an item of the answer, not the whole answer.
    var element: Bool

    /// The most items of a list answer that are written.
    static let maximumItems = 3

    /// The fixtures to write from `body`, the answer of `operationId`, whose folder name (as
    /// `FixtureFolderName` gives it) is `folder`. Fails only for a body that is not JSON: an answer
    /// of any shape has a folder, and one that does not fit it is written anyway for the drift check
    /// to name.
    static func split(_ body: Data, folder: String, operationId: String) -> Result<[RecordedExample], Note> {
        let value: DocumentValue
        do {
            value = try SchemaDocumentReader.parse(body, path: "answer.json")
        } catch {
            return .failure(Note(message: "the answer is not JSON (\(error.message)); not written"))
        }
        let folder = safeFolder(folder)
        let name = "recorded_" + safe(operationId)
        if case .list(.named(let item))? = RonFixtureShape(folderName: folder), case .array(let items) = value,
            !items.isEmpty
        {
            return .success(
                items.prefix(maximumItems).enumerated().map { index, value in
                    RecordedExample(
                        type: item, name: "\(name)-\(index + 1)", data: Data((value.jsonText + "\n").utf8),
                        element: true)
                })
        }
        return .success([RecordedExample(type: folder, name: name, data: body, element: false)])
    }

    /// `name` without generic arguments (`Page<Gadget>.list` is `Page.list`, as the catalog lists a
    /// generic type by its name), made safe as a folder name (``safe(_:)``).
    static func safeFolder(_ name: String) -> String {
        var depth = 0
        var plain = ""
        for character in name {
            switch character {
            case "<": depth += 1
            case ">": depth = max(0, depth - 1)
            default: if depth == 0 { plain.append(character) }
            }
        }
        return safe(plain)
    }

    /// `name` with every character a file system may refuse or read as a separator (`/`, `\`, `:`,
    /// `*`, `?`, `"`, `<`, `>`, `|`, white space and control characters) as `_`, and not hidden
    /// (`RonFixtures` skips a name that starts with `.`) nor empty.
    static func safe(_ name: String) -> String {
        var text = String(
            name.map { character -> Character in
                let refused =
                    "/\\:*?\"<>|".contains(character) || character.isWhitespace
                    || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
                return refused ? "_" : character
            })
        if text.hasPrefix(".") { text = "_" + text.dropFirst() }
        return text.isEmpty ? "_" : text
    }
}
