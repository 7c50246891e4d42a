import Testing

/// The parent of every suite in this target. The suites run one after another: the stress test
/// (1,000 concurrent calls) saturates a small machine, and the timing assertions of the other
/// suites (timeouts, prompt cancellation) must not share the machine with it.
@Suite(.serialized) enum ResilienceTests {}
