/// A convenience error for app code that prefers `throws` over inspecting ``AppResponse``.
///
/// The SDK never throws it itself.
public enum RonSdkError: Error, Sendable, Hashable {
    /// The call failed with this problem.
    case problem(RonProblem)
    /// The call failed without a problem (for example `ok` with no data).
    case unknown
}
