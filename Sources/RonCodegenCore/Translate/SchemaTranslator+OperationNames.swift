import Foundation

/// The Swift names of the operations ``SchemaTranslator/operations(_:types:schemes:)`` reads: the
/// calls' (unique per receiver), their arguments' (unique per call), and the unique names of the
/// types made for them.
extension SchemaTranslator {
    /// `base`, or `base2`, `base3`, … : the first not in `taken`, which it joins.
    static func unique(_ base: String, taken: inout Set<String>) -> String {
        var name = base
        var suffix = 2
        while !taken.insert(name).inserted {
            name = base + String(suffix)
            suffix += 1
        }
        return name
    }

    /// Swift names: the operations' (unique per receiver, none of the client's own members), the
    /// parameters' (unique per operation, none of the arguments the generator adds).
    static func name(_ operations: [Operation]) -> [Operation] {
        let reserved: Set<String> = [
            "request", "get", "post", "put", "patch", "delete", "pages", "listAll", "subscribe", "serverSentEvents",
            "facet", "close", "config", "events", "client", "id", "isValid", "init",
        ]
        var takenByReceiver: [Bool: Set<String>] = [:]
        return operations.map { operation in
            var named = operation
            var taken = takenByReceiver[operation.facetScoped] ?? []
            named.swiftName = Naming.member(
                operation.operationId, taken: &taken, reserved: reserved, suffix: "Operation")
            if operation.pageItem != nil {
                // The page sequence's name must be free too.
                taken.insert(named.swiftName + "Pages")
            }
            if case .single(.bytes) = operation.result {
                // So must the byte stream's.
                taken.insert(named.swiftName + "Stream")
            }
            takenByReceiver[operation.facetScoped] = taken
            var argumentNames: Set<String> = []
            let generatorArguments: Set<String> = [
                "body", "headers", "options", "requestPath", "query", "typedHeaders", "value", "answer",
                "contentType", "maxBytes", "encoded", "formValue", "bodyValue", "lastEventId",
            ]
            named.parameters = operation.parameters.map { parameter in
                var p = parameter
                p.swiftName = Naming.member(
                    parameter.name, taken: &argumentNames, reserved: generatorArguments, suffix: "Value")
                return p
            }
            return named
        }
    }
}
