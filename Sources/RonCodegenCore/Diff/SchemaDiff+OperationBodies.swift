/// The rules for an operation's request body.
extension ModelComparison {
    mutating func compareBodies(_ old: Operation, _ new: Operation) {
        let name = Self.label(new)
        let oldOrigin = Origin(file: old.origin.file, pointer: old.origin.pointer + "/requestBody")
        let newOrigin = Origin(file: new.origin.file, pointer: new.origin.pointer + "/requestBody")
        func change(_ rule: SchemaDiffRule, _ detail: String, _ verdicts: CompatibilityVerdicts) {
            changes.append(
                SchemaChange(
                    rule: rule, typeName: name, member: "body", detail: detail,
                    old: old.requestBody == nil ? nil : oldOrigin, new: new.requestBody == nil ? nil : newOrigin,
                    verdicts: verdicts))
        }
        switch (old.requestBody, new.requestBody) {
        case (nil, nil): return
        case (nil, let body?):
            // Old clients send none; an old server ignores the body new clients send.
            change(
                .requestBodyAdded, Self.summary(of: body), Self.verdicts(!body.required, true, source: !body.required))
        case (let body?, nil):
            change(.requestBodyRemoved, Self.summary(of: body), Self.verdicts(true, !body.required, source: false))
        case (let before?, let after?):
            let type = canonical(before.type)
            if type != after.type || before.contentType != after.contentType {
                let sameMedia = before.contentType == after.contentType
                change(
                    .requestBodyTypeChanged,
                    "\(before.contentType) \(Self.describe(before.type)) → \(after.contentType) \(Self.describe(after.type))",
                    Self.verdicts(
                        sameMedia && WireAcceptance.accepts(after.type, type),
                        sameMedia && WireAcceptance.accepts(type, after.type),
                        source: TypeSpelling.swift(type) == TypeSpelling.swift(after.type)))
            }
            if !before.required, after.required {
                change(.parameterMadeRequired, "required", Self.verdicts(false, true, source: false))
            } else if before.required, !after.required {
                change(.parameterMadeOptional, "optional", Self.verdicts(true, false, source: true))
            }
            if before.description != after.description { change(.documentationChanged, "description", .allCompatible) }
        }
    }

    static func summary(of body: OperationBody) -> String {
        (body.required ? "required " : "optional ") + body.contentType + " " + describe(body.type)
    }
}
