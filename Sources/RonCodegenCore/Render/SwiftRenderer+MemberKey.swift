import Foundation

/// The coding key of the generated structs: one `fileprivate enum` in each generated file that
/// holds a struct (`SchemaMemberKey`, `SchemaMemberKey1` … in the plugin's files), with a case per member name of that file's structs, in place of a
/// `CodingKeys` enum per type. An enum key is what `JSONDecoder` and `JSONEncoder` handle fastest (a
/// one-byte value, its name a `switch` away), and one enum for a file's types saves each type the
/// conformances, witness tables and `switch`es of its own (see the renderer's rules).
///
/// One per file, not one for the module, each of its own name: a member added to one type adds a
/// case to its own file's key, and no other file depends on that key. With one key for the module, the file of the key
/// changed with every new member name, and every struct of every file was compiled again (a
/// property added to one of mastodon's types rebuilt the whole target: BENCHMARKS.md, "One key per
/// file").
///
/// A case's name depends on its wire name alone, so adding a member elsewhere never renames a key
/// another type's file uses: the wire name itself when it is a plain identifier (a letter, then
/// letters, digits and `_`), and otherwise `_` followed by the wire name with each character other
/// than an ASCII letter or digit written as `_<hex>_` (`content-type` → `_content_2d_type`,
/// `$ref` → `__24_ref`; the empty name → `__`). Plain names never begin with `_`, so the two forms
/// never meet.
extension SwiftRenderer {
    /// Names the key enum declares itself, or that Swift gives a meaning after a dot: a wire name
    /// spelled like one of them takes the escaped form.
    static let reservedKeyNames: Set<String> = [
        "stringValue", "intValue", "hashValue", "allCases", "init", "self", "Self", "Type", "Protocol",
    ]

    /// The case of the member key for `wire`.
    static func memberKeyCase(_ wire: String) -> String {
        if isPlainIdentifier(wire), !reservedKeyNames.contains(wire) {
            return wire
        }
        // `_` alone is Swift's wildcard; no other wire name escapes to `__` (an escape is `_<hex>_`).
        if wire.isEmpty { return "__" }
        var name = "_"
        for scalar in wire.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                name.unicodeScalars.append(scalar)
            } else {
                name += "_" + String(scalar.value, radix: 16) + "_"
            }
        }
        return name
    }

    /// `.case` of the member key for `wire`, as a generated struct writes it.
    static func memberKey(_ wire: String) -> String {
        "." + Naming.escaped(memberKeyCase(wire))
    }

    private static func isPlainIdentifier(_ wire: String) -> Bool {
        guard let first = wire.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return wire.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
        }
    }

    /// The name of the key enum as a struct's code is rendered: a mark that no schema text can make
    /// (control characters are escaped in literals), put in place of the file's key name once the
    /// type's file is known (``resolvingMemberKey(_:name:)``).
    var memberKeyType: String {
        Self.memberKeyMark
    }

    static let memberKeyMark = "\u{1}\u{2}SchemaMemberKey\u{2}\u{1}"

    /// The key name of shard `index`: `SchemaMemberKey`, `SchemaMemberKey1` … Each file's own name,
    /// because Swift's incremental build follows names across files, `fileprivate` ones too: with
    /// one name in every file, a case added to one file's key recompiled every file.
    static func memberKeyName(shard index: Int) -> String {
        index == 0 ? "SchemaMemberKey" : "SchemaMemberKey\(index)"
    }

    /// `text` with the key name `name` in place of ``memberKeyMark``.
    static func resolvingMemberKey(_ text: String, name: String) -> String {
        // The mark's first byte (U+0001) is found by `memchr`, not Foundation's search: a
        // debug-built generator spent a twentieth of its time there on a large description.
        var text = text
        let mark = Array(memberKeyMark.utf8)
        let resolved = text.withUTF8 { bytes -> [UInt8]? in
            guard let base = bytes.baseAddress else { return nil }
            var result: [UInt8] = []
            var copied = 0
            var from = 0
            while from < bytes.count, let found = memchr(base + from, Int32(mark[0]), bytes.count - from) {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                guard at + mark.count <= bytes.count, memcmp(base + at, mark, mark.count) == 0 else {
                    from = at + 1
                    continue
                }
                if result.isEmpty { result.reserveCapacity(bytes.count) }
                result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<at]))
                result.append(contentsOf: name.utf8)
                from = at + mark.count
                copied = from
            }
            guard copied > 0 else { return nil }
            result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            return result
        }
        return resolved.map { String(decoding: $0, as: UTF8.self) } ?? text
    }

    /// The key enum `name` of a file holding `types`: a case per distinct member name of its
    /// structs, in the order of the cases' names; nothing when the file holds no struct.
    func renderMemberKey(_ types: [NamedType], name: String, into writer: inout SourceWriter) {
        var wires: [String: String] = [:]
        var structs = false
        for type in types {
            guard case .structure(_, let fields) = type.shape else { continue }
            structs = true
            for field in fields where field.isMember {
                wires[Self.memberKeyCase(field.wireName)] = field.wireName
            }
        }
        guard structs else { return }
        let cases = wires.keys.sorted()
        writer.line()
        writer.line("/// The coding key of this file's structs: a case per member name.")
        writer.block("fileprivate enum \(name): CodingKey, CaseIterable") { w in
            for name in cases {
                w.line("case \(Naming.escaped(name))")
            }
            w.line()
            w.line("/// The member's name on the wire.")
            w.block("var stringValue: String") { w in
                // With no case (no struct has a member) the `switch` is empty, which Swift accepts.
                w.block("switch self") { w in
                    for name in cases {
                        w.line("case .\(Naming.escaped(name)): return \(SwiftLiteral.string(wires[name] ?? name))")
                    }
                }
            }
            w.line()
            w.line("/// The key named `stringValue` on the wire, if any.")
            w.block("init?(stringValue: String)") { w in
                w.line("guard let key = Self.schemaKey(named: stringValue) else { return nil }")
                w.line("self = key")
            }
            w.line()
            w.line("/// Member keys have no integer form.")
            w.line("var intValue: Int? { nil }")
            w.line()
            w.line("/// Member keys have no integer form.")
            w.line("init?(intValue: Int) { nil }")
        }
    }
}
