/// Structs of many members (configuration schemas list hundreds): an initializer whose compile
/// time stays linear in the members.
extension SwiftRenderer {
    /// The most members a struct's initializer takes as parameters. The compile time of a function
    /// grows with the square of its parameter count (a debug build of an initializer of 150 optional
    /// members: 1.5 s; 300: 5.3 s; 1,000: 130 s); past this, the initializer takes the members that
    /// have no default, and the others start as `nil` or at their default.
    static let initializerParameterLimit = 64

    func renderInitializer(_ fields: [Field], into writer: inout SourceWriter) {
        let mustPass = fields.filter { $0.defaultValue == nil && !$0.isOptional }
        guard
            fields.count <= Self.initializerParameterLimit || mustPass.count >= fields.count
                || mustPass.count > Self.initializerParameterLimit
        else {
            writer.line(
                "/// Creates a value from the members that have no default; the \(fields.count - mustPass.count) others"
            )
            writer.line("/// start as `nil` or at their default: set them through their properties. (This struct has")
            writer.line("/// too many members for an initializer of them all; see the generator's rules.)")
            let parameters = mustPass.map { "\(Naming.escaped($0.swiftName)): \(TypeSpelling.swift($0.type))" }
            writer.block("public init(\(parameters.joined(separator: ", ")))") { w in
                for field in fields {
                    if mustPass.contains(where: { $0.swiftName == field.swiftName }) {
                        w.line(assign(field, Naming.escaped(field.swiftName)))
                    } else if let fallback = field.defaultValue.map(SwiftLiteral.value) {
                        w.line(assign(field, fallback))
                    }
                    // An optional member is stored in an optional `var`, which starts as `nil`
                    // without a statement: a `self.x = nil` each cost the compiler's definite-
                    // initialization pass 54 s for ESLint's 864 rules (a debug build).
                }
            }
            return
        }
        writer.line("/// Creates a value from its properties.")
        if fields.isEmpty {
            writer.line("public init() {}")
            return
        }
        let parameters = fields.map { field -> String in
            let swiftType = TypeSpelling.swift(field.type) + (field.isOptional ? "?" : "")
            let fallback = field.defaultValue.map(SwiftLiteral.value) ?? (field.isOptional ? "nil" : nil)
            return "\(Naming.escaped(field.swiftName)): \(swiftType)" + (fallback.map { " = \($0)" } ?? "")
        }
        writer.line("public init(")
        for (offset, parameter) in parameters.enumerated() {
            writer.line("    " + parameter + (offset == parameters.count - 1 ? "" : ","))
        }
        writer.block(")") { w in
            for field in fields {
                w.line(assign(field, Naming.escaped(field.swiftName)))
            }
        }
    }
}
