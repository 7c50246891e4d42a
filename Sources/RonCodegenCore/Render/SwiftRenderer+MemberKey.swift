/// The coding key of every generated struct: one internal enum for the whole output,
/// `<catalog>.MemberKey`, with a case per member name that appears in any struct, in place of a
/// `CodingKeys` enum per type. An enum key is what `JSONDecoder` and `JSONEncoder` handle fastest (a
/// one-byte value, its name a `switch` away), and one enum for all types saves each type the
/// conformances, witness tables and `switch`es of its own (see the renderer's rules).
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

    /// The name of the key enum, as the generated structs write it.
    var memberKeyType: String {
        "\(options.catalogName).MemberKey"
    }

    /// The key enum: a case per distinct member name of the model's structs, in the order of
    /// their cases' names.
    func renderMemberKey(_ model: SchemaModel, into writer: inout SourceWriter) {
        var wires: [String: String] = [:]
        for type in model.types {
            guard case .structure(_, let fields) = type.shape else { continue }
            for field in fields where field.isMember {
                wires[Self.memberKeyCase(field.wireName)] = field.wireName
            }
        }
        let cases = wires.keys.sorted()
        writer.block("extension \(options.catalogName)") { w in
            w.line("/// The coding key of every generated struct: a case per member name.")
            w.block("enum MemberKey: CodingKey, CaseIterable") { w in
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
                    w.line(
                        "guard let key = Self.allCases.first(where: { $0.stringValue == stringValue }) else { return nil }"
                    )
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
}
