import Foundation
import RonTestSupport
import Testing

@testable import RonCodegenCore

/// The diff's Swift-source verdict, checked by the compiler: for every rule example of
/// ``SchemaDiffRuleTests`` that changes types, code written against the old generated types (it
/// calls each initializer with every member, reads every member with its type, names every enum
/// case and union case with its payload, switches over every enum exhaustively, uses each
/// conformance and each alias as its target) is type-checked against the new generated types. It
/// must compile exactly when the diff says Swift source keeps compiling.
@Suite(
    "Swift verdicts agree with the compiler",
    .enabled(if: SwiftVerdictProbe.modules != nil, "the RonGenerated module is not built beside the tests"))
struct SwiftVerdictProbeTests {
    static let cases = SchemaDiffRuleTests.cases.filter { !$0.paths }

    /// Rules whose example the diff judges more strictly than calls and reads do, and why.
    static let stricter: [SchemaDiffRule: String] = [
        .typeParametersChanged:
            "a renamed type parameter breaks only code that names it (`Thing<String>.Item`), which the probe does not; "
            + "the diff calls every change of the parameter list a break"
    ]

    @Test("old code compiles against the new types exactly when the diff says Swift source is kept", arguments: cases)
    func verdictMatchesTheCompiler(_ example: SchemaDiffRuleTests.RuleCase) async throws {
        let old = try SchemaDiffRuleTests.model(example.old)
        var new = try SchemaDiffRuleTests.model(example.new)
        example.edit?(&new)
        let report = SchemaDiff.compare(old: old, new: new)
        let breaks = report.changes.contains { $0.verdicts.swiftSource == .breaking }
        let probe = SwiftVerdictProbe.probe(of: old)
        // Both compiler runs at once: they are independent, and each uses one core.
        let checked = try await SwiftVerdictProbe.both(old, new) {
            try SwiftVerdictProbe.typeCheck(probe: probe, against: $0)
        }
        let (itself, result) = (checked[0], checked[1])
        #expect(itself.status == 0, "the probe must compile against the types it was written for: \(itself.error)")
        if Self.stricter[example.rule] != nil {
            #expect(breaks, "the diff is recorded as stricter here, so it must call this a break")
            return
        }
        #expect(
            result.status == 0 ? !breaks : breaks,
            "\(example.rule.rawValue): the diff says Swift source \(breaks ? "breaks" : "is kept"); the compiler: \(result.status == 0 ? "compiles" : result.error.prefix(600))"
        )
    }
}

extension SwiftVerdictProbeTests {
    /// Rules where the compiler's API checker (`swift-api-digester`, which
    /// `swift package diagnose-api-breaking-changes` runs) reports a break that no call or read in
    /// user code sees, and why; `.ci/check-api.sh` allows these on generated types.
    static let digesterStricter: [SchemaDiffRule: String] = [
        .fieldAddedOptional:
            "the initializer gains a defaulted parameter: its full name changes (\"constructor … has been removed\"), every call compiles",
        .fieldDefaultAdded:
            "a member with a default becomes a defaulted initializer parameter (the full name changes, calls compile)",
    ]

    @Test(
        "the compiler's API checker agrees with the diff's Swift verdict, or is recorded as stricter", arguments: cases)
    func digesterAgrees(_ example: SchemaDiffRuleTests.RuleCase) async throws {
        let old = try SchemaDiffRuleTests.model(example.old)
        var new = try SchemaDiffRuleTests.model(example.new)
        example.edit?(&new)
        let breaks = SchemaDiff.compare(old: old, new: new).changes.contains { $0.verdicts.swiftSource == .breaking }
        let reported = try await SwiftVerdictProbe.digesterBreaks(old: old, new: new)
        if breaks {
            #expect(
                !reported.isEmpty || Self.stricter[example.rule] != nil,
                "\(example.rule.rawValue): the digester sees no break")
        } else if !reported.isEmpty {
            #expect(
                Self.digesterStricter[example.rule] != nil,
                "\(example.rule.rawValue): the digester reports \(reported) where the diff keeps Swift source")
        }
    }
}

/// Old code as a user writes it, and the compiler's answer on it.
enum SwiftVerdictProbe {
    /// The folder of the built modules (`RonGenerated.swiftmodule`), beside the test bundle.
    static let modules: URL? = {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("RonGenerated.swiftmodule").path)
            {
                return candidate
            }
            directory.deleteLastPathComponent()
        }
        return nil
    }()

    /// The generated source of `model`, as its own module over the `RonGenerated` runtime.
    static func source(of model: SchemaModel) -> String {
        SwiftRenderer(options: .init(runtimeModule: "RonGenerated")).renderSingleFile(model)
    }

    /// The top-level case names of enum `name` in generated `source` (synthesized ones included).
    static func cases(of name: String, in source: String) -> [String] {
        var inside = false
        var names: [String] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("public enum \(name):") || line.hasPrefix("public indirect enum \(name):") {
                inside = true
            } else if inside, line == "}" {
                break
            } else if inside, line.hasPrefix("    case "), !line.hasPrefix("    case \"") {
                let rest = line.dropFirst("    case ".count)
                names.append(String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" }))
            }
        }
        return names
    }

    /// Swift that uses every public name of `model`'s types as the generated code spells them.
    static func probe(of model: SchemaModel) -> String {
        let generated = source(of: model)
        var lines = [
            "import Foundation", "import RonGenerated", "", "func any<Value>() -> Value { fatalError() }", "",
        ]
        // A generic struct is probed as `Name<JSONValue, …>`.
        func bound(_ type: TypeReference) -> TypeReference {
            switch type {
            case .typeParameter: return .json
            case .array(let element): return .array(bound(element))
            case .map(let value): return .map(bound(value))
            case .named(let name, let arguments): return .named(name, arguments: arguments.map(bound))
            default: return type
            }
        }
        func spelled(_ type: TypeReference, optional: Bool) -> String {
            TypeSpelling.swift(bound(type)) + (optional ? "?" : "")
        }
        for (index, type) in model.types.enumerated() {
            var spelledName = type.name
            if case .structure(let parameters, _) = type.shape, !parameters.isEmpty {
                spelledName += "<" + parameters.map { _ in "JSONValue" }.joined(separator: ", ") + ">"
            }
            lines.append("func probe\(index)(_ value: \(spelledName)) {")
            switch type.shape {
            case .structure(_, let fields):
                let members = fields.filter { !$0.collectsOtherMembers }
                for field in members {
                    lines.append(
                        "    let _: \(spelled(field.type, optional: field.isOptional)) = value.\(Naming.escaped(field.swiftName))"
                    )
                }
                let arguments = members.map {
                    "\(Naming.escaped($0.swiftName)): any() as \(spelled($0.type, optional: $0.isOptional))"
                }
                lines.append("    _ = \(spelledName)(\(arguments.joined(separator: ", ")))")
            case .stringEnum(let cases):
                for item in cases { lines.append("    let _: \(type.name) = .\(Naming.escaped(item.swiftName))") }
            case .untagged(let variants):
                for variant in variants {
                    let payload = variant.payload.map { "(any() as \(TypeSpelling.payload($0)))" } ?? ""
                    lines.append("    let _: \(type.name) = .\(Naming.escaped(variant.swiftName))\(payload)")
                }
            case .externallyTagged(let variants), .adjacentlyTagged(_, _, let variants):
                for variant in variants {
                    let payload = variant.payload.map { "(any() as \(TypeSpelling.payload($0)))" } ?? ""
                    lines.append("    let _: \(type.name) = .\(Naming.escaped(variant.swiftName))\(payload)")
                }
            case .taggedUnion(_, let variants):
                for variant in variants {
                    lines.append(
                        "    let _: \(type.name) = .\(Naming.escaped(variant.swiftName))(any() as \(variant.payload))")
                }
            case .alias(let target):
                lines.append("    let _: \(TypeSpelling.swift(target)) = value")
            default:
                lines.append("    _ = value")
            }
            if case .alias = type.shape {
            } else {
                let names = cases(of: type.name, in: generated)
                if !names.isEmpty {
                    lines.append("    switch value {")
                    for name in names { lines.append("    case .\(name): break") }
                    lines.append("    }")
                }
            }
            for conformance in type.conformances { lines.append("    let _: any \(conformance) = value") }
            lines.append("}")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What `swift-api-digester` reports between the generated modules of `old` and `new`: one
    /// line per break, empty when it sees none.
    static func digesterBreaks(old: SchemaModel, new: SchemaModel) async throws -> [String] {
        guard let modules else { throw CocoaError(.fileNoSuchFile) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("digest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sides = [("old", old), ("new", new)]
        // The two sides' modules and dumps are made at once: they are independent.
        let dumps = try await both(0, 1) { index -> String in
            let (side, model) = sides[index]
            let directory = folder.appendingPathComponent(side)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let file = directory.appendingPathComponent("Generated.swift")
            try Data(source(of: model).utf8).write(to: file)
            let module = directory.appendingPathComponent("Generated.swiftmodule").path
            let built = try ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                [
                    "swiftc", "-emit-module", "-module-name", "Generated", "-emit-module-path", module, "-I",
                    modules.path, file.path,
                ])
            guard built.status == 0 else { throw CocoaError(.fileReadCorruptFile, userInfo: ["error": built.error]) }
            let dump = directory.appendingPathComponent("sdk.json").path
            let dumped = try ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                [
                    "swift-api-digester", "-dump-sdk", "-module", "Generated", "-I", directory.path, "-I", modules.path,
                    "-o", dump,
                ])
            guard dumped.status == 0 else { throw CocoaError(.fileReadCorruptFile, userInfo: ["error": dumped.error]) }
            return dump
        }
        let diagnosed = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swift-api-digester", "-diagnose-sdk", "-input-paths", dumps[0], "-input-paths", dumps[1]])
        return (diagnosed.output + "\n" + diagnosed.error).split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty && !$0.hasPrefix("/*") }
    }

    /// `work` on `first` and on `second` on two threads at once; its results in that order, or the
    /// first error thrown.
    static func both<Input: Sendable, Output: Sendable>(
        _ first: Input, _ second: Input, _ work: @escaping @Sendable (Input) throws -> Output
    ) async throws -> [Output] {
        // Each on a thread of its own: a compiler run blocks its thread for seconds.
        async let one = offThePool { try work(first) }
        async let other = offThePool { try work(second) }
        return try await [one, other]
    }

    /// Type-checks `probe` against the generated source of `model` (its own module over the
    /// `RonGenerated` runtime).
    static func typeCheck(probe: String, against model: SchemaModel) throws -> ChildProcess.Result {
        guard let modules else { throw CocoaError(.fileNoSuchFile) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(source(of: model).utf8).write(to: folder.appendingPathComponent("Generated.swift"))
        try Data(probe.utf8).write(to: folder.appendingPathComponent("Probe.swift"))
        return try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "swiftc", "-typecheck", "-module-name", "Probe", "-I", modules.path,
                folder.appendingPathComponent("Generated.swift").path,
                folder.appendingPathComponent("Probe.swift").path,
            ])
    }
}
