import CIDN2

/// Converts internationalised domain names to their ASCII (A-label) form
/// through libidn2, with UTS #46 non-transitional processing: `bücher.de`
/// becomes `xn--bcher-kva.de`, `Faß.de` becomes `xn--fa-hia.de`.
///
/// libidn2 is pure computation and thread-safe; nothing here touches files.
enum IDNA {
    /// The ASCII form of `name`, or libidn2's reason for refusing it.
    static func toASCII(_ name: String) -> Result<String, IDNAFailure> {
        var output: UnsafeMutablePointer<CChar>?
        let flags = Int32(IDN2_NONTRANSITIONAL.rawValue | IDN2_NFC_INPUT.rawValue)
        let code = refocus_idn2_to_ascii_8z(name, &output, flags)
        defer { refocus_idn2_free(output) }
        guard code == Int32(IDN2_OK.rawValue), let output else {
            return .failure(IDNAFailure(reason: String(cString: refocus_idn2_strerror(code))))
        }
        return .success(String(cString: output))
    }
}

/// libidn2's reason for refusing a name, in its own words.
struct IDNAFailure: Error, Equatable {
    let reason: String
}
