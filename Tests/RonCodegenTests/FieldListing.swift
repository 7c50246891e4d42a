@testable import RonCodegenCore

extension Array where Element == Field {
    /// The members a schema lists: without the property that collects the others (every struct
    /// whose schema does not close it has one, last).
    var listed: [Field] { filter { !$0.collectsOtherMembers } }
}
