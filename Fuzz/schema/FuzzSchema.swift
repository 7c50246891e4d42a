import Foundation
import FuzzSupport
import RonCodegenCore

// libFuzzer target: arbitrary bytes as a schema document through the generator. Checks that
// reading, translating and rendering end in Swift source or a thrown CodegenError, never a crash,
// a trap, a hang or a stack overflow:
//   - the input is always tried alone as `fuzz.schema.json`;
//   - the first byte's two low bits add a second run: 0 none, 1 the input as `fuzz.schema.toml`,
//     2 the input as `a.schema.json` beside `b.schema.json`, whose types refer to the input's
//     (the first members of its `$defs`, `definitions` or `components.schemas`, else its root),
//     3 the input as `a.schema.json` beside an OpenAPI 3.1 document whose operations, parameters
//     and component schemas refer to the input's types in the same way;
//     in 2 and 3 an input of odd length is `References/a.schema.json`, a reference document;
//   - a model is rendered three ways: one file with the operations, a file per document with
//     other module options, and the types in shards.
// Whitespace picks the run without changing a JSON document: a space 0, a tab or CR 1 (TOML),
// a newline 2; `{` itself is 3.
// Built with `-D RON_LIBFUZZER` the file exports `LLVMFuzzerTestOneInput`; otherwise it is a plain
// executable that runs the same checks on every file (or folder of files) named on the command line.

/// The checks run on every input. A broken invariant stops the process (libFuzzer records it).
enum SchemaFuzz {
    static func run(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        generate([(path: "fuzz.schema.json", text: text)], variant: data.count)
        switch (data.first ?? 0) & 3 {
        case 1:
            generate([(path: "fuzz.schema.toml", text: text)], variant: data.count)
        case 2:
            let referring = referringSchema(to: first(data), names: definitionPointers(of: data))
            generate([(path: first(data), text: text), (path: "b.schema.json", text: referring)], variant: data.count)
        case 3:
            let referring = referringOpenAPI(to: first(data), names: definitionPointers(of: data))
            generate([(path: first(data), text: text), (path: "b.openapi.json", text: referring)], variant: data.count)
        default:
            break
        }
    }

    /// Where the input goes beside a second document: a reference document (`References/`, whose
    /// types are generated only as far as the other refers to them) when its length is odd.
    static func first(_ data: Data) -> String {
        data.count % 2 == 1 ? "References/a.schema.json" : "a.schema.json"
    }

    /// Reads, translates and renders `documents`; a `CodegenError` is a fine end, anything else is not.
    static func generate(_ documents: [(path: String, text: String)], variant: Int) {
        let generator = CodeGenerator()
        let model: SchemaModel
        do {
            model = try generator.model(documents: documents)
        } catch let error as CodegenError {
            check(!error.message.isEmpty, "a CodegenError without a message at \(error.file)#\(error.pointer)")
            check(!error.file.isEmpty, "a CodegenError without a file: \(error.message)")
            return
        } catch {
            fatalError("invariant broken: the generator threw \(type(of: error)), not a CodegenError: \(error)")
        }
        checkFiles(generator.files(for: model, split: false, output: .typesAndOperations))
        var modules = SwiftRenderer.Options(runtimeModule: "RonGenerated", catalogName: "FuzzCatalog")
        modules.typesModule = "FuzzTypes"
        modules.clientModule = "RonAppSdkSwift"
        modules.operationCatalogName = "FuzzOperations"
        checkFiles(CodeGenerator(options: modules).files(for: model, split: true, output: .typesAndOperations))
        checkFiles(generator.files(for: model, split: false, output: .types, shards: 2 + variant % 7))
    }

    /// What every rendering must be: files with distinct Swift file names and some text.
    static func checkFiles(_ files: [(name: String, contents: String)]) {
        check(!files.isEmpty, "no files rendered")
        var names = Set<String>()
        for file in files {
            check(file.name.hasSuffix(".swift"), "file name \(file.name.debugDescription)")
            check(names.insert(file.name).inserted, "file \(file.name) rendered twice")
            check(!file.contents.isEmpty, "file \(file.name) is empty")
        }
    }

    /// `#`-pointers to the first few named schemas of the input when it parses as JSON: members of
    /// `$defs`, `definitions` and `components.schemas`; the root (`""`) when it has none.
    static func definitionPointers(of data: Data) -> [String] {
        var pointers: [String] = []
        guard case .object(let members)? = try? SchemaDocumentReader.parse(data, path: "a.schema.json") else {
            return [""]
        }
        for member in members {
            switch member.key {
            case "$defs", "definitions":
                pointers += keys(of: member.value).map { "/" + member.key + "/" + token($0) }
            case "components":
                guard case .object(let parts) = member.value else { continue }
                for part in parts where part.key == "schemas" {
                    pointers += keys(of: part.value).map { "/components/schemas/" + token($0) }
                }
            default:
                continue
            }
        }
        return pointers.isEmpty ? [""] : Array(pointers.prefix(6))
    }

    static func keys(of value: DocumentValue) -> [String] {
        guard case .object(let members) = value else { return [] }
        return members.prefix(4).map(\.key)
    }

    /// An RFC 6901 token, percent-encoded for a URI fragment.
    static func token(_ key: String) -> String {
        let escaped = key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        return escaped.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? escaped
    }

    /// A JSON string literal of `text`.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `{"$ref": "<file>#<pointer>"}`.
    static func reference(_ file: String, _ pointer: String) -> String {
        "{\"$ref\": \(literal(pointer.isEmpty ? file : file + "#" + pointer))}"
    }

    /// A 2020-12 document whose types hold the types at `names` in `file`: as a property, in an
    /// array, as an optional `anyOf`, as an alias and through `allOf`.
    static func referringSchema(to file: String, names: [String]) -> String {
        var properties: [String] = []
        var defs: [String] = []
        for (index, pointer) in names.enumerated() {
            let ref = reference(file, pointer)
            properties.append("\"p\(index)\": \(ref)")
            properties.append("\"l\(index)\": {\"type\": \"array\", \"items\": \(ref)}")
            properties.append("\"o\(index)\": {\"anyOf\": [\(ref), {\"type\": \"null\"}]}")
            defs.append("\"FuzzAlias\(index)\": \(ref)")
            defs.append("\"FuzzAll\(index)\": {\"allOf\": [\(ref)], \"description\": \"via allOf\"}")
        }
        defs.append(
            "\"FuzzHolder\": {\"type\": \"object\", \"properties\": {\(properties.joined(separator: ", "))}, \"required\": [\"p0\"]}"
        )
        return """
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {\(defs.joined(separator: ", "))}}
            """
    }

    /// An OpenAPI 3.1 document whose operations answer, take and list the types at `names` in `file`.
    static func referringOpenAPI(to file: String, names: [String]) -> String {
        var paths: [String] = []
        var schemas: [String] = []
        for (index, pointer) in names.enumerated() {
            let ref = reference(file, pointer)
            let json = "\"content\": {\"application/json\": {\"schema\": \(ref)}}"
            paths.append(
                """
                "/fuzz\(index)/{id}": {"parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}], \
                "get": {"operationId": "getFuzz\(index)", "parameters": [{"name": "q", "in": "query", "schema": \(ref)}], \
                "responses": {"200": {"description": "one", \(json)}, "default": {"description": "problem"}}}, \
                "put": {"operationId": "putFuzz\(index)", "requestBody": {"required": true, \(json)}, \
                "responses": {"204": {"description": "stored"}}}}
                """)
            schemas.append("\"FuzzList\(index)\": {\"type\": \"array\", \"items\": \(ref)}")
        }
        return """
            {"openapi": "3.1.0", "info": {"title": "Fuzz", "version": "1.0.0"}, \
            "paths": {\(paths.joined(separator: ", "))}, \
            "components": {"schemas": {\(schemas.joined(separator: ", "))}}}
            """
    }

    static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("invariant broken: \(message())") }
    }
}

#if RON_LIBFUZZER
    /// The libFuzzer entry point.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzSchema(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
        SchemaFuzz.run(Data(bytes: start, count: count))
        return 0
    }

    /// LeakSanitizer's suppressions: what a lazily initialised global (run once, under `swift_once`)
    /// allocates lives as long as the process. LeakSanitizer cannot always see that it is reachable,
    /// because Swift keeps the case of an `indirect enum` in the spare bits of the box's pointer
    /// (`SchemaTranslator.integerFormats` holds `.int64(asString: false)`), and reported it at exit.
    @_cdecl("__lsan_default_suppressions")
    public func leakSuppressions() -> UnsafePointer<CChar> {
        UnsafeRawPointer(("leak:once_slow\n" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
    }

    /// SwiftPM links an executable target's entry point as `<module>_main`; with libFuzzer that
    /// entry point hands over to libFuzzer's driver.
    @_cdecl("fuzz_schema_main")
    public func fuzzerMain(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    ) -> CInt {
        FuzzDriver.runLibFuzzer(argc: argc, argv: argv) { start, size in fuzzSchema(start, size) }
    }
#else
    /// Without libFuzzer: runs the checks on every file named on the command line (folders are walked).
    @main
    struct FuzzSchemaMain {
        static func main() {
            FuzzDriver.replay(name: "fuzz-schema", arguments: Array(CommandLine.arguments.dropFirst())) {
                SchemaFuzz.run($0)
            }
        }
    }
#endif
