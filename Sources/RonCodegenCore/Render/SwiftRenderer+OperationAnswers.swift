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
                w.block("guard answer.ok else") { w in
                    w.line(
                        "return AppResponse(status: answer.status, headers: answer.headers, raw: answer.raw, problem: answer.problem, durationMs: answer.durationMs)"
                    )
                }
                w.line("let body = answer.data ?? Data()")
                w.line(
                    "let media = (answer.header(\"content-type\") ?? \"\").split(separator: \";\").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? \"\""
                )
                w.line("let status = String(answer.status)")
                w.line("let value: \(name)?")
                // Only a JSON answer's decoding can throw.
                let decodes = alternatives.contains { if case .json = $0.payload { true } else { false } }
                func cases(_ w: inout SourceWriter) {
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
                                    "    value = .\(alternative.swiftName)(try JSONDecoder().decode(\(TypeSpelling.swift(type)).self, from: body))"
                                )
                            case .bytes: w.line("    value = .\(alternative.swiftName)(body)")
                            case .text:
                                w.line("    value = .\(alternative.swiftName)(String(decoding: body, as: UTF8.self))")
                            case .empty: w.line("    value = .\(alternative.swiftName)")
                            }
                        }
                        w.line("default:")
                        w.line("    value = nil")
                    }
                }
                if decodes {
                    w.block("do") { w in cases(&w) }
                    w.block("catch") { w in w.line("value = nil") }
                } else {
                    cases(&w)
                }
                w.block("guard let value else") { w in
                    w.line(
                        "let problem = RonProblem(code: \"decode_failed\", message: \"the answer (status \\(status), \\(media.isEmpty ? \"no content type\" : media)) is none of the documented ones\", kind: \"decode\", status: answer.status, retryable: false)"
                    )
                    w.line(
                        "return AppResponse(status: answer.status, headers: answer.headers, raw: answer.raw, problem: problem, durationMs: answer.durationMs)"
                    )
                }
                w.line(
                    "return AppResponse(status: answer.status, headers: answer.headers, data: value, raw: answer.raw, durationMs: answer.durationMs)"
                )
            }
        }
    }
}
