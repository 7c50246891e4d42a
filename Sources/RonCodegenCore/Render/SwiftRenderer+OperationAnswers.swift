import Foundation

/// The enum of an operation with several 2xx answers.
extension SwiftRenderer {
    func renderAlternatives(
        _ operation: Operation, _ alternatives: [OperationAlternative], into w: inout SourceWriter
    ) {
        let name = Self.resultType(operation)
        w.line("/// The successful answers of `\(operation.method) \(operation.path)` (`\(operation.operationId)`).")
        w.block("public enum \(name): Sendable") { w in
            for alternative in alternatives {
                w.line("/// `\(alternative.status)`\(alternative.contentType.map { " `\($0)`" } ?? "").")
                switch alternative.payload {
                case .json(let type): w.line("case \(alternative.swiftName)(\(TypeSpelling.swift(type)))")
                case .bytes: w.line("case \(alternative.swiftName)(Data)")
                case .text: w.line("case \(alternative.swiftName)(String)")
                case .empty: w.line("case \(alternative.swiftName)")
                }
            }
            w.line()
            w.line("/// The case for a 2xx answer (by status, then content type), or a `decode_failed` problem.")
            w.block("static func decode(_ answer: AppResponse<Data>) -> AppResponse<\(name)>") { w in
                // The choice is the SDK's, over a list: a switch over status and media type patterns
                // compiled to several times the code (BENCHMARKS.md, "The largest description").
                let patterns = alternatives.map { alternative in
                    let media = alternative.contentType?.lowercased() ?? "*/*"
                    return SwiftLiteral.string("\(alternative.status) \(media)")
                }
                w.line("answer.decodingAlternatives([\(patterns.joined(separator: ", "))], alternative)")
            }
            w.line()
            w.line("/// The value of the answer at `index` of ``decode(_:)``'s list, from its body.")
            w.block("private static func alternative(_ index: Int, _ body: Data) throws -> \(name)?") { w in
                w.block("switch index") { w in
                    for (index, alternative) in alternatives.enumerated() {
                        switch alternative.payload {
                        case .json(let type):
                            w.line(
                                "case \(index): return .\(alternative.swiftName)(try JSONDecoder().decode(\(TypeSpelling.swift(type)).self, from: body))"
                            )
                        case .bytes: w.line("case \(index): return .\(alternative.swiftName)(body)")
                        case .text:
                            w.line(
                                "case \(index): return .\(alternative.swiftName)(String(decoding: body, as: UTF8.self))"
                            )
                        case .empty: w.line("case \(index): return .\(alternative.swiftName)")
                        }
                    }
                    w.line("default: return nil")
                }
            }
        }
    }
}
