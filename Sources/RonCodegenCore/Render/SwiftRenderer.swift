/// Renders a ``SchemaModel`` as Swift source.
///
/// ## Rules for generated code
///
/// Generated code is compiled by every user of the package, in debug builds too, so its compile time
/// matters as much as its speed. Measured on 100 synthetic types (the schema of `ron-bench` section
/// 5: 90 structs of 7 members, each holding the one before it through an optional member, chains 9
/// deep), `swiftc -Onone -wmo -c`, CPU seconds, least of 3 rounds. (Pass `-Xfrontend
/// -disable-incremental-llvm-codegen` or delete the object first when measuring: the frontend skips
/// LLVM when the object it would write is already there with the same IR.)
///
/// | shape | s |
/// | --- | --- |
/// | a `CodingKeys` enum per type, nested structs inline, `container.decode(T.self, …)` (before) | 6.64 |
/// | … with one key enum for all structs | 5.39 |
/// | … with every optional struct member boxed | 5.95 |
/// | … with both | 4.54 |
/// | as generated: one key enum, every other level boxed, one container call per value type | 4.03 |
/// | swift-openapi-generator's output for the same shapes | 6.29 |
///
/// Where the time goes (as generated, in a slower run of 5.0 s): type checking 0.7 s, SILGen
/// 0.9 s, IRGen 0.3 s, LLVM 2.9 s. LLVM's share follows the number and size of functions; each type brings its value witnesses,
/// its `Hashable` and `Codable` bodies, an initializer with default arguments, and a getter, setter
/// and `modify` coroutine per public property. A quarter of type checking went to choosing among
/// the keyed containers' overloads. So the renderer:
///
/// - spreads the types over several files (``renderShards(_:count:)``; the build plugin writes 32):
///   a debug build compiles one file per frontend job, one per core, so the same CPU time is
///   shared out;
/// - gives all structs of a file one coding key, the file's `fileprivate enum SchemaMemberKey<N>`
///   with a case per member name (`SwiftRenderer+MemberKey.swift`), instead of a `CodingKeys` enum per
///   type, each of which brought about 25 functions (raw-value `switch`es, `Hashable`, `CodingKey` and witness
///   thunks). It stays an enum: a struct key holding the wire name was measured 1.4–3 % slower per
///   coded member (Foundation's coders copy the key through its value witnesses, and a `String` is
///   not a plain byte); one enum with many cases costs 0.1 %;
/// - stores an optional member out of line (``SchemaBox``) when its struct type itself holds an
///   optional struct inline (`SchemaTranslator+Nesting.swift`): the value witnesses of an optional
///   struct that holds an optional struct branch on both levels, so their size grows with the square
///   of the depth (60 % of the object file of the chains above). Boxing every other level gives the
///   same compile time as boxing every level, with half the allocations;
/// - also stores a member out of line when its struct type holds more than a few references inline
///   (strings, arrays, nested structs' members), required members too, and makes a union whose
///   payload does the same `indirect` (`SchemaTranslator+InlineSize.swift`): a debug build writes
///   value witnesses one stored field at a time through every level held inline, a third of the
///   IR of a published description;
/// - calls the keyed containers by one name per value type (`decodeString(forKey:)`,
///   `decodeMemberIfPresent(_:forKey:)`, `encodeUInt64(_:forKey:)`, …, in `RonGenerated`'s
///   `KeyedContainers+Members.swift`): `decode(String.self, forKey:)` is one of seventeen overloads
///   that the type checker weighs for every member (type checking 1.0 → 0.7 s). They are
///   `@inlinable` and call the same concrete overloads, so an optimized build runs the same code;
/// - writes `Codable` by hand (one statement per member) instead of leaving it to synthesis, and
///   reads and writes members of string-valued types as plain strings (`decodeText`/`encodeText`),
///   so no nested coder is made per member;
/// - gives every literal its type (`static let knownCases: [MediaKind] = [...]`, typed defaults),
///   so no literal array or dictionary is inferred from its elements;
/// - keeps each expression short: one member per line in initializers and coders, one `case` per
///   value in `switch`es, no long chains of `??` or `+` for the type checker to solve;
/// - adds no conformance the schema does not need: `Hashable` is part of every type's contract, so
///   it stays, but after `Codable` it is the largest cost left (a quarter of the object file). The
///   members by which an untagged union weighs a value against a variant (`SchemaFitting`: a
///   struct's two `static let` sets of member names, a tagged enum's tags) are written only for
///   the types some untagged union holds (``fittingTypes``): written for all 90 structs above, they
///   cost 6–9 % more CPU (10 alternating rounds on a busy 2-core machine, medians 4.53 → 4.81 s).
public struct SwiftRenderer: Sendable {
    /// The version written into each file's header.
    public static let generatorVersion = "0.1.0"

    /// Options that change the output.
    public struct Options: Sendable, Equatable {
        /// A module to import for the runtime (`JSONValue`, the wire wrappers), when the output is
        /// compiled outside `RonGenerated`.
        public var runtimeModule: String?
        /// The name of the generated catalog of types.
        public var catalogName: String
        /// The module of the generated types, imported by the operations file when it is compiled
        /// apart from them (`--operations --types-module RonGenerated`).
        public var typesModule: String?
        /// The module of `RonClient`, imported by the operations file when it is compiled outside it.
        public var clientModule: String?
        /// The name of the generated catalog of operations.
        public var operationCatalogName = "RonOperationCatalog"
        /// The modules the calls are spread over, in order, when a package builds them in several
        /// targets side by side (``SwiftRenderer/renderShards(_:count:calls:types:)`` with `types`
        /// false): each holds a run of consecutive files (``SwiftRenderer/callsPart(ofShard:count:parts:)``),
        /// and a front module that imports them all holds the catalog and the security schemes
        /// (``SwiftRenderer/callsFrontFileName``). Fewer than two: the calls in one module.
        public var callsParts: [String] = []
        /// How many of the files of ``SwiftRenderer/renderShards(_:count:calls:types:)`` hold no
        /// code: the first in name order, as SwiftPM lists a target's files and the compiler driver
        /// forms its jobs from runs of them (``SwiftRenderer/leadingEmptyFileIndices(count:empty:)``).
        /// Not for the parts of calls.
        public var leadingEmptyFiles = 0
        /// How many Swift files of the target SwiftPM hands the compiler before the generated ones
        /// (the target's own, then the resource accessor it writes for a target with resources): the
        /// driver's runs of files count them, so a large type is placed by the runs they shift
        /// (``SwiftRenderer/placement(names:sizes:count:firstFileHolds:order:sources:weights:)``).
        public var leadingSources = 0
        /// How many jobs the compiler driver runs at once in a debug build (SwiftPM passes it the
        /// machine's cores), or 0 when not known: with two or more, the files of the types (and of
        /// their calls, in one module) take shares that let the driver's runs of them end together
        /// beside the module's own job (``SwiftRenderer/driverWeights(order:sources:jobs:)``);
        /// with 0 or 1, even shares.
        public var driverJobs = 0

        /// Options; the defaults fit the package's own RonGenerated target.
        public init(runtimeModule: String? = nil, catalogName: String = "RonSchemaCatalog") {
            self.runtimeModule = runtimeModule
            self.catalogName = catalogName
        }
    }

    /// The options in use.
    public var options: Options

    /// The named types whose JSON form is one string (pattern-checked strings, string enums): struct
    /// members of these types are read and written as plain strings of the keyed container.
    var textTypes: Set<String> = []

    /// The named types that say how well a JSON value fits them (`SchemaFitting`): those an
    /// untagged union holds directly or through a map, an alias or a newtype
    /// (`SwiftRenderer+Untagged.swift`). Untagged unions always do.
    var fittingTypes: Set<String> = []

    /// The targets of the model's aliases, by name.
    var aliasTargets: [String: TypeReference] = [:]

    /// A renderer with `options`.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// This renderer, told which types of `model` are string-valued.
    func knowing(_ model: SchemaModel) -> SwiftRenderer {
        var renderer = self
        renderer.textTypes = Set(
            model.types.compactMap { type in
                switch type.shape {
                case .stringEnum, .patternString: return type.name
                default: return nil
                }
            })
        renderer.aliasTargets = Dictionary(
            model.types.compactMap { type in
                if case .alias(let target) = type.shape { return (type.name, target) }
                return nil
            },
            uniquingKeysWith: { first, _ in first })
        renderer.fittingTypes = renderer.typesNeedingFit(model)
        return renderer
    }

    /// All types in one file, followed by the catalog.
    public func renderSingleFile(_ model: SchemaModel) -> String {
        let renderer = knowing(model)
        var writer = header(for: model.documents)
        for type in model.types {
            writer.line()
            renderer.render(type, into: &writer)
        }
        renderMemberKey(model.types, name: Self.memberKeyName(shard: 0), into: &writer)
        writer.line()
        renderCatalog(model, into: &writer)
        return Self.resolvingMemberKey(writer.text, name: Self.memberKeyName(shard: 0))
    }

    /// One file per schema document (`app-plane.schema.json` → `app-plane.schema.swift`) and one
    /// for the catalog, for review.
    public func renderFilePerDocument(_ model: SchemaModel) -> [(name: String, contents: String)] {
        let renderer = knowing(model)
        var files: [(name: String, contents: String)] = []
        for document in model.documents {
            var writer = header(for: [document])
            for type in model.types where type.origin.file == document {
                writer.line()
                renderer.render(type, into: &writer)
            }
            // For review, not for incremental builds: the same name in every file.
            let key = Self.memberKeyName(shard: 0)
            renderMemberKey(model.types.filter { $0.origin.file == document }, name: key, into: &writer)
            let base = document.replacingOccurrences(of: "/", with: "_")
            let stem = base.hasSuffix(".json") || base.hasSuffix(".toml") ? String(base.dropLast(5)) : base
            files.append((stem + ".swift", Self.resolvingMemberKey(writer.text, name: key)))
        }
        var catalog = header(for: model.documents)
        catalog.line()
        renderCatalog(model, into: &catalog)
        files.append((options.catalogName + ".swift", catalog.text))
        return files
    }

    /// The first lines of a file of types; `importingClient` for one that also holds calls.
    func header(for documents: [String], importingClient: Bool = false) -> SourceWriter {
        var writer = SourceWriter()
        writer.line("// DO NOT EDIT.")
        writer.line("// Generated by ron-codegen \(Self.generatorVersion) from these schema documents:")
        for document in documents {
            writer.line("//   Schema/\(document)")
        }
        writer.line("// Change the documents and rebuild; docs/SchemaFormat.md describes them.")
        writer.line()
        writer.line("import Foundation")
        if let module = options.runtimeModule {
            writer.line("import \(module)")
        }
        if importingClient {
            for module in [options.typesModule, options.clientModule].compactMap({ $0 }) {
                writer.line("import \(module)")
            }
        }
        return writer
    }

    func render(_ type: NamedType, into writer: inout SourceWriter) {
        writer.documentation(type.documentation)
        if type.documentation != nil { writer.line("///") }
        writer.line("/// Generated from `\(type.origin)`.")
        // A deprecated type is said in its documentation only: an `@available` attribute would make the
        // generated catalog, which names every type, warn in every build.
        if type.deprecated { writer.line("/// - Important: Deprecated in the schema.") }
        switch type.shape {
        case .structure(let parameters, let fields):
            renderStruct(type, parameters: parameters, fields: fields, into: &writer)
        case .stringEnum(let cases):
            renderEnum(type, cases: cases, into: &writer)
        case .taggedUnion(let discriminator, let variants):
            renderUnion(type, discriminator: discriminator, variants: variants, into: &writer)
        case .externallyTagged(let variants):
            renderExternallyTagged(type, variants: variants, into: &writer)
        case .adjacentlyTagged(let tag, let content, let variants):
            renderAdjacentlyTagged(type, tag: tag, content: content, variants: variants, into: &writer)
        case .untagged(let variants):
            renderUntagged(type, variants: variants, into: &writer)
        case .tuple(let elements):
            renderTuple(type, elements: elements, into: &writer)
        case .patternString(let pattern):
            renderPatternString(type, pattern: pattern, into: &writer)
        case .alias(let target):
            writer.line("public typealias \(type.name) = \(TypeSpelling.swift(target))")
        case .newtype(let target):
            renderNewtype(type, target: target, into: &writer)
        case .unit:
            renderUnit(type, into: &writer)
        }
    }

    /// `public enum`, or `public indirect enum` for an enum that holds itself through its cases.
    func enumKeyword(_ type: NamedType) -> String {
        type.indirect ? "public indirect enum" : "public enum"
    }

    func conformanceList(_ type: NamedType, _ base: [String]) -> String {
        (base + fitConformance(type) + type.conformances).joined(separator: ", ")
    }
}
