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
            if let oldForm = before.multipart, let newForm = after.multipart {
                compareParts(oldForm, newForm, label: name, old: oldOrigin, new: newOrigin)
            }
            if before.formFields != after.formFields, before.contentType == after.contentType {
                let describe = { (fields: [FormFieldEncoding]) in
                    fields.isEmpty ? "default" : fields.map { "\($0.name): \($0.style)" }.joined(separator: ", ")
                }
                change(
                    .parameterStyleChanged,
                    "form encoding \(describe(before.formFields)) → \(describe(after.formFields))",
                    Self.verdicts(false, false, source: true))
            }
        }
    }

    /// The parts of a multipart body, by name: each is a member of the generated form type.
    mutating func compareParts(
        _ old: MultipartForm, _ new: MultipartForm, label: String, old oldOrigin: Origin, new newOrigin: Origin
    ) {
        func change(_ rule: SchemaDiffRule, _ part: String, _ detail: String, _ verdicts: CompatibilityVerdicts) {
            changes.append(
                SchemaChange(
                    rule: rule, typeName: label, member: "body part \(part)", detail: detail, old: oldOrigin,
                    new: newOrigin, verdicts: verdicts))
        }
        func describe(_ part: MultipartPart) -> String {
            let kind: String
            switch part.kind {
            case .file: kind = "file"
            case .json: kind = "JSON " + Self.describe(part.type)
            case .text: kind = "text " + Self.describe(part.type)
            }
            return (part.repeated ? "[\(kind)]" : kind) + (part.contentType.map { " (\($0))" } ?? "")
        }
        for part in new.parts where !old.parts.contains(where: { $0.name == part.name }) {
            // Old clients do not send it; an old server ignores a part it does not know.
            if part.required {
                change(.fieldAddedRequired, part.name, describe(part), Self.verdicts(false, true, source: false))
            } else {
                change(.fieldAddedOptional, part.name, describe(part), Self.verdicts(true, true, source: true))
            }
        }
        for part in old.parts {
            guard let after = new.parts.first(where: { $0.name == part.name }) else {
                change(.fieldRemoved, part.name, describe(part), Self.verdicts(true, !part.required, source: false))
                continue
            }
            if after.kind != part.kind || after.repeated != part.repeated || canonical(part.type) != after.type
                || after.contentType != part.contentType
            {
                let sameSwift =
                    SwiftRenderer.propertyType(part) == SwiftRenderer.propertyType(after)
                change(
                    .fieldTypeChanged, part.name, "\(describe(part)) → \(describe(after))",
                    Self.verdicts(false, false, source: sameSwift))
            }
            if !part.required, after.required {
                change(.fieldMadeRequired, part.name, "required", Self.verdicts(false, true, source: false))
            } else if part.required, !after.required {
                change(.fieldMadeOptional, part.name, "optional", Self.verdicts(true, false, source: false))
            }
            if part.headers.map(\.name) != after.headers.map(\.name)
                || part.headers.map(\.required) != after.headers.map(\.required)
            {
                let names = { (part: MultipartPart) in
                    part.headers.map { $0.name + ($0.required ? "" : "?") }.joined(separator: ", ")
                }
                let addsRequired = after.headers.contains { header in
                    header.required && !part.headers.contains { $0.name == header.name && $0.required }
                }
                change(
                    .parameterStyleChanged, part.name, "part headers [\(names(part))] → [\(names(after))]",
                    Self.verdicts(
                        !addsRequired, true,
                        source: !addsRequired
                            && part.headers.allSatisfy { header in after.headers.contains { $0.name == header.name } }))
            }
        }
    }

    static func summary(of body: OperationBody) -> String {
        (body.required ? "required " : "optional ") + body.contentType + " " + describe(body.type)
    }
}
