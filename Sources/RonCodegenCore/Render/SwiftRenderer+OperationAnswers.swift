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
                // The choice alone is generated; passing failures on and the problem are the SDK's.
                w.closure("answer.decodingAlternatives", "status, media, body -> \(name)?") { w in
                    w.block("switch (status, media)") { w in
                        for alternative in alternatives {
                            let statusPattern =
                                alternative.status.uppercased() == "2XX" ? "_" : SwiftLiteral.string(alternative.status)
                            let mediaPattern: String
                            if let media = alternative.contentType, media != "*/*" {
                                let media = media.lowercased()
                                // `image/*`: any subtype of the type.
                                mediaPattern =
                                    media.hasSuffix("/*")
                                    ? "let media) where media.hasPrefix(\(SwiftLiteral.string(String(media.dropLast()))))"
                                    : SwiftLiteral.string(media) + ")"
                            } else {
                                mediaPattern = "_)"
                            }
                            w.line("case (\(statusPattern), \(mediaPattern):")
                            switch alternative.payload {
                            case .json(let type):
                                w.line(
                                    "    return .\(alternative.swiftName)(try JSONDecoder().decode(\(TypeSpelling.swift(type)).self, from: body))"
                                )
                            case .bytes: w.line("    return .\(alternative.swiftName)(body)")
                            case .text:
                                w.line("    return .\(alternative.swiftName)(String(decoding: body, as: UTF8.self))")
                            case .empty: w.line("    return .\(alternative.swiftName)")
                            }
                        }
                        w.line("default:")
                        w.line("    return nil")
                    }
                }
            }
        }
    }
}
