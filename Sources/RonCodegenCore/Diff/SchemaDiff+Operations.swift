/// The place where operations (routes) will be compared, once ``SchemaModel`` holds them.
///
/// Match operations by method and path template (a rename is a removal plus an addition) and
/// append one ``SchemaChange`` per difference with new `OPERATION_*` cases of ``SchemaDiffRule``
/// (and a line each in docs/SchemaDiffRules.md, which a test requires). For an operation the wire
/// columns read: *old clients* — do calls built from the old schema still succeed against a new
/// server (a removed route or a new required parameter breaks them; a response type is judged
/// with ``WireAcceptance/accepts(_:_:)`` from the old response to the new); *new clients* — the
/// same for calls built from the new schema against an old server. The Swift source column is
/// broken by any change to a generated call's name, parameters or result type. Request and
/// response bodies that name a type are already covered by that type's own changes.
extension ModelComparison {
    mutating func compareOperations() {
        // Nothing to compare yet: the model has no operations.
    }
}
