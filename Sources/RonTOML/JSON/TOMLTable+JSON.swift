import Foundation

extension TOMLTable {
    /// The table as a UTF-8 JSON object, keeping key order.
    ///
    /// Tables become objects, arrays arrays, strings strings, integers and floats numbers, booleans booleans and
    /// date-times their exact TOML text as strings. Floats always carry a `.` or exponent, so an integer and a
    /// float stay distinct when read back with ``init(jsonObjectData:)``.
    ///
    /// - Throws: ``TOMLJSONError`` naming the path of a `nan` or infinite float, which JSON cannot express.
    public func jsonData() throws(TOMLJSONError) -> Data {
        var output = ""
        try JSONTextWriter.object(self, path: "", into: &output)
        return Data(output.utf8)
    }

    /// Builds a table from a UTF-8 JSON object, keeping the JSON key order.
    ///
    /// Numbers without fraction or exponent become integers (they must fit 64 bits), other numbers floats;
    /// strings stay strings (date-time text is not recognised). `null` has no TOML form and is rejected.
    ///
    /// - Throws: ``TOMLJSONError`` with the path of the offending value, or the byte offset of a syntax error.
    public init(jsonObjectData data: Data) throws(TOMLJSONError) {
        var reader = OrderedJSONReader(bytes: [UInt8](data))
        self = try reader.readDocument()
    }
}
