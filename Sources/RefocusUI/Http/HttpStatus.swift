/// The statuses the dashboard's server answers with, and their reason phrases.
public enum HttpStatus: Int, Sendable {
    case ok = 200
    case seeOther = 303
    case badRequest = 400
    case forbidden = 403
    case notFound = 404
    case methodNotAllowed = 405
    case conflict = 409
    case contentTooLarge = 413
    case unsupportedMediaType = 415
    case unprocessable = 422
    case headerFieldsTooLarge = 431
    case internalError = 500
    case notImplemented = 501
    case unavailable = 503
    case versionNotSupported = 505

    /// RFC 9110's reason phrase.
    public var reason: String {
        switch self {
        case .ok: "OK"
        case .seeOther: "See Other"
        case .badRequest: "Bad Request"
        case .forbidden: "Forbidden"
        case .notFound: "Not Found"
        case .methodNotAllowed: "Method Not Allowed"
        case .conflict: "Conflict"
        case .contentTooLarge: "Content Too Large"
        case .unsupportedMediaType: "Unsupported Media Type"
        case .unprocessable: "Unprocessable Content"
        case .headerFieldsTooLarge: "Request Header Fields Too Large"
        case .internalError: "Internal Server Error"
        case .notImplemented: "Not Implemented"
        case .unavailable: "Service Unavailable"
        case .versionNotSupported: "HTTP Version Not Supported"
        }
    }
}
