import Foundation

/// A certificate the client trusts instead of the system's trust store: certificate pinning.
///
/// With pins set (``RonConfig/pinnedCertificates``, or `AsyncHTTPClientTransport`'s
/// `pinnedCertificates:`), a server is trusted only when its chain leads to one of them: pin the
/// server's own certificate, or the CA that issues it so that renewals keep working. A server with
/// any other certificate, even one the system trusts, fails with a `tls_failed` problem. The
/// host name is still checked against the certificate.
///
/// ```swift
/// let pem = try String(contentsOf: Bundle.main.url(forResource: "gateway", withExtension: "pem")!, encoding: .utf8)
/// let config = RonConfig(baseUrl: url, pinnedCertificates: try PinnedCertificate.all(pem: pem))
/// ```
public struct PinnedCertificate: Sendable, Hashable {
    /// The certificate in DER (the bytes between a PEM file's `BEGIN`/`END CERTIFICATE` lines,
    /// base64-decoded).
    public let der: Data

    /// A certificate from its DER bytes.
    ///
    /// - Throws: ``PinnedCertificateError`` when the bytes are not one DER-encoded X.509
    ///   certificate (a key, a PEM text or a truncated file, say).
    public init(der: Data) throws {
        try Self.checkStructure(der, source: "DER data")
        self.der = der
    }

    /// The single certificate of a PEM text (`-----BEGIN CERTIFICATE-----` … `-----END CERTIFICATE-----`).
    ///
    /// - Throws: ``PinnedCertificateError`` when the text holds no certificate, more than one, or
    ///   a block that does not decode.
    public init(pem: String) throws {
        let all = try Self.all(pem: pem)
        guard all.count == 1 else {
            throw PinnedCertificateError(
                "the PEM text holds \(all.count) certificates; use PinnedCertificate.all(pem:)")
        }
        self = all[0]
    }

    /// Every certificate of a PEM text, in order (a chain or a bundle). Other blocks (keys,
    /// parameters) are refused, never skipped: a private key pasted by mistake is an error.
    ///
    /// - Throws: ``PinnedCertificateError`` naming the block (1-based) that is wrong.
    public static func all(pem: String) throws -> [PinnedCertificate] {
        var result: [PinnedCertificate] = []
        var label: String?
        var body = ""
        for raw in pem.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("-----BEGIN ") && line.hasSuffix("-----") {
                guard label == nil else {
                    throw PinnedCertificateError("PEM block \(result.count + 1) has no END line")
                }
                label = String(line.dropFirst("-----BEGIN ".count).dropLast(5))
                body = ""
            } else if line.hasPrefix("-----END ") && line.hasSuffix("-----") {
                guard let open = label else {
                    throw PinnedCertificateError("PEM block \(result.count + 1) has an END line without BEGIN")
                }
                let block = result.count + 1
                guard open == "CERTIFICATE" else {
                    throw PinnedCertificateError("PEM block \(block) is a \(open), not a CERTIFICATE")
                }
                guard let der = Data(base64Encoded: body) else {
                    throw PinnedCertificateError("PEM block \(block) is not valid base64")
                }
                try checkStructure(der, source: "PEM block \(block)")
                result.append(PinnedCertificate(checked: der))
                label = nil
            } else if label != nil {
                body += line
            }
        }
        if label != nil { throw PinnedCertificateError("PEM block \(result.count + 1) has no END line") }
        guard !result.isEmpty else { throw PinnedCertificateError("the PEM text holds no CERTIFICATE block") }
        return result
    }

    private init(checked der: Data) {
        self.der = der
    }

    /// Checks the outline of an X.509 certificate: one DER `SEQUENCE` spanning every byte, whose
    /// first element (the to-be-signed certificate) is a `SEQUENCE` too.
    private static func checkStructure(_ der: Data, source: String) throws {
        let bytes = [UInt8](der)
        guard let outer = DERHeader(bytes, at: 0), outer.tag == 0x30 else {
            throw PinnedCertificateError("\(source) is not a DER certificate (no outer SEQUENCE)")
        }
        guard outer.end == bytes.count else {
            throw PinnedCertificateError(
                "\(source) is not a DER certificate (its SEQUENCE spans \(outer.end) of \(bytes.count) bytes)")
        }
        guard let inner = DERHeader(bytes, at: outer.contentStart), inner.tag == 0x30, inner.end <= outer.end else {
            throw PinnedCertificateError("\(source) is not a DER certificate (no tbsCertificate SEQUENCE)")
        }
    }
}

/// A DER tag and length: where the content starts and where the element ends.
private struct DERHeader {
    let tag: UInt8
    let contentStart: Int
    let end: Int

    init?(_ bytes: [UInt8], at offset: Int) {
        guard offset + 2 <= bytes.count else { return nil }
        tag = bytes[offset]
        let first = Int(bytes[offset + 1])
        var length = first
        var start = offset + 2
        if first & 0x80 != 0 {
            let count = first & 0x7f
            guard count >= 1, count <= 4, start + count <= bytes.count else { return nil }
            length = 0
            for index in 0..<count { length = length << 8 | Int(bytes[start + index]) }
            start += count
        }
        contentStart = start
        end = start + length
        guard end <= bytes.count else { return nil }
    }
}

/// A certificate given to ``PinnedCertificate`` could not be read; the message says which and why.
public struct PinnedCertificateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, naming the PEM block or the data.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
