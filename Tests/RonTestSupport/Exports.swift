// The loopback server and the transport conformance suite live in the RonTransportConformance
// library (a user's transport runs the suite too); every test target sees them through this module.
@_exported import RonTransportConformance
