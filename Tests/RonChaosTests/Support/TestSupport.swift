@_exported import RonTestSupport
