/// The kinds of change the schema diff knows, one per line of docs/SchemaDiffRules.md.
///
/// The raw value is the rule's stable identifier, as the JSON report and the docs spell it.
/// The rules from `OPERATION_ADDED` on compare the operations (routes) of OpenAPI documents.
public enum SchemaDiffRule: String, Sendable, Equatable, CaseIterable, Codable {
    /// A named type appears.
    case typeAdded = "TYPE_ADDED"
    /// A named type disappears.
    case typeRemoved = "TYPE_REMOVED"
    /// A named type disappears and one of the same shape appears under another name.
    case typeRenamed = "TYPE_RENAMED"
    /// A named type becomes another kind of declaration (a struct becomes an enum, …).
    case typeKindChanged = "TYPE_KIND_CHANGED"
    /// A named type of a kind the diff does not know changed (always judged breaking).
    case typeChanged = "TYPE_CHANGED"
    /// A named type gets `deprecated: true`.
    case typeDeprecated = "TYPE_DEPRECATED"
    /// A named type's `x-ron-conforms-to` gains a protocol.
    case conformanceAdded = "CONFORMANCE_ADDED"
    /// A named type's `x-ron-conforms-to` loses a protocol.
    case conformanceRemoved = "CONFORMANCE_REMOVED"
    /// A generic struct's `x-ron-type-parameters` change.
    case typeParametersChanged = "TYPE_PARAMETERS_CHANGED"
    /// Documentation changes and nothing else: the `title` or `description` of a type, member,
    /// enum value, union variant or tuple element; an operation's `summary` or `description`; a
    /// parameter's `description` or `example`; a request body's `description`.
    case documentationChanged = "DOCUMENTATION_CHANGED"
    /// An optional member appears in an object.
    case fieldAddedOptional = "FIELD_ADDED_OPTIONAL"
    /// A required member appears in an object.
    case fieldAddedRequired = "FIELD_ADDED_REQUIRED"
    /// A member disappears from an object.
    case fieldRemoved = "FIELD_REMOVED"
    /// An optional member becomes required.
    case fieldMadeRequired = "FIELD_MADE_REQUIRED"
    /// A required member becomes optional.
    case fieldMadeOptional = "FIELD_MADE_OPTIONAL"
    /// A member may now be `null`.
    case fieldMadeNullable = "FIELD_MADE_NULLABLE"
    /// A member may no longer be `null`.
    case fieldMadeNonNullable = "FIELD_MADE_NON_NULLABLE"
    /// A member keeps its wire name but gets another Swift name (`x-ron-…` naming).
    case fieldSwiftNameChanged = "FIELD_SWIFT_NAME_CHANGED"
    /// The members are listed in another order: the same wire form, but the generated
    /// initializer's parameters follow the schema's order, so calls that pass them stop compiling.
    case fieldOrderChanged = "FIELD_ORDER_CHANGED"
    /// A member's type accepts more than before (`i32` → `i64`).
    case fieldTypeWidened = "FIELD_TYPE_WIDENED"
    /// A member's type accepts less than before (`i64` → `i32`).
    case fieldTypeNarrowed = "FIELD_TYPE_NARROWED"
    /// A 64-bit integer moves between its JSON number and JSON string forms.
    case fieldInt64EncodingChanged = "FIELD_INT64_ENCODING_CHANGED"
    /// A string member changes its format (plain, `date-time`, `bytes`).
    case fieldFormatChanged = "FIELD_FORMAT_CHANGED"
    /// A member's type changes in a way none of the rules above name.
    case fieldTypeChanged = "FIELD_TYPE_CHANGED"
    /// A member gets a `default`.
    case fieldDefaultAdded = "FIELD_DEFAULT_ADDED"
    /// A member loses its `default`.
    case fieldDefaultRemoved = "FIELD_DEFAULT_REMOVED"
    /// A member's `default` changes value.
    case fieldDefaultChanged = "FIELD_DEFAULT_CHANGED"
    /// `x-ron-omit-default` is switched on or off.
    case fieldOmitDefaultChanged = "FIELD_OMIT_DEFAULT_CHANGED"
    /// A member gets `deprecated: true`.
    case fieldDeprecated = "FIELD_DEPRECATED"
    /// A string enum gains a value.
    case enumValueAdded = "ENUM_VALUE_ADDED"
    /// A string enum loses a value.
    case enumValueRemoved = "ENUM_VALUE_REMOVED"
    /// A string enum value keeps its wire form but gets another Swift case name.
    case enumCaseRenamed = "ENUM_CASE_RENAMED"
    /// A union gains a variant.
    case unionVariantAdded = "UNION_VARIANT_ADDED"
    /// A union loses a variant.
    case unionVariantRemoved = "UNION_VARIANT_REMOVED"
    /// A union variant keeps its tag but gets another Swift case name.
    case unionVariantRenamed = "UNION_VARIANT_RENAMED"
    /// A union variant's data changes type.
    case unionVariantPayloadChanged = "UNION_VARIANT_PAYLOAD_CHANGED"
    /// A union's discriminator (or an adjacently tagged enum's tag or content member) changes.
    case unionTaggingChanged = "UNION_TAGGING_CHANGED"
    /// A pattern string's regular expression changes.
    case patternChanged = "PATTERN_CHANGED"
    /// An alias names another type.
    case aliasTargetChanged = "ALIAS_TARGET_CHANGED"
    /// An operation (a method on a path) appears.
    case operationAdded = "OPERATION_ADDED"
    /// An operation disappears.
    case operationRemoved = "OPERATION_REMOVED"
    /// An operation keeps its `operationId` but moves to another method or path.
    case operationMethodOrPathChanged = "OPERATION_METHOD_OR_PATH_CHANGED"
    /// The same method and path get another `operationId` (or generated call name).
    case operationRenamed = "OPERATION_RENAMED"
    /// An operation gets `deprecated: true`.
    case operationDeprecated = "OPERATION_DEPRECATED"
    /// An optional parameter appears.
    case parameterAddedOptional = "PARAMETER_ADDED_OPTIONAL"
    /// A required parameter appears.
    case parameterAddedRequired = "PARAMETER_ADDED_REQUIRED"
    /// A parameter disappears.
    case parameterRemoved = "PARAMETER_REMOVED"
    /// An optional parameter (or request body) becomes required.
    case parameterMadeRequired = "PARAMETER_MADE_REQUIRED"
    /// A required parameter (or request body) becomes optional.
    case parameterMadeOptional = "PARAMETER_MADE_OPTIONAL"
    /// A parameter's type changes.
    case parameterTypeChanged = "PARAMETER_TYPE_CHANGED"
    /// A path parameter gets another name, or a parameter another Swift argument name.
    case parameterRenamed = "PARAMETER_RENAMED"
    /// How a parameter is written changes (`explode`, `x-ron-path-tail`).
    case parameterStyleChanged = "PARAMETER_STYLE_CHANGED"
    /// The parameters the call keeps are listed in another order.
    case parameterOrderChanged = "PARAMETER_ORDER_CHANGED"
    /// An operation gets a request body.
    case requestBodyAdded = "REQUEST_BODY_ADDED"
    /// An operation loses its request body.
    case requestBodyRemoved = "REQUEST_BODY_REMOVED"
    /// A request body's type or media type changes.
    case requestBodyTypeChanged = "REQUEST_BODY_TYPE_CHANGED"
    /// What a successful (2xx) answer holds changes.
    case responseTypeChanged = "RESPONSE_TYPE_CHANGED"
    /// Another successful answer (status or media type) appears.
    case responseAdded = "RESPONSE_ADDED"
    /// A successful answer disappears.
    case responseRemoved = "RESPONSE_REMOVED"

    /// Whether the change is to documentation alone: nothing on the wire or in the Swift API (the
    /// generated doc comments and the examples of the operation catalog at most).
    public var isDocumentation: Bool {
        self == .documentationChanged
    }

    /// Whether the change adds something (a minor version bump when nothing breaks).
    public var isAddition: Bool {
        switch self {
        case .typeAdded, .conformanceAdded, .fieldAddedOptional, .fieldAddedRequired, .enumValueAdded,
            .unionVariantAdded, .fieldDefaultAdded, .fieldMadeNullable, .fieldMadeOptional, .fieldTypeWidened,
            .operationAdded, .parameterAddedOptional, .parameterAddedRequired, .parameterMadeOptional,
            .requestBodyAdded, .responseAdded:
            true
        default: false
        }
    }
}
