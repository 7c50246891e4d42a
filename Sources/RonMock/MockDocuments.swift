import RonCodegenCore

/// The schema folder's documents as read (path relative to the folder → tree), for what the model
/// leaves out: every documented response with its examples, and parameters' constraints. The
/// generator's library owns them (``DescriptionDocuments``), so the mock and `ron drift` read the
/// description the same way.
typealias MockDocuments = DescriptionDocuments
