#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The JSON bodies the page posts, decoded strictly (a key of the wrong type
/// is refused; unknown keys are ignored, as the CLI's JSON readers do).
enum RequestBodies {
    /// `POST /api/start`: a preset, or lists with a length or an end time.
    struct Start: Decodable {
        var preset: String?
        var lists: [String]?
        var length: String?
        var until: String?
        var lock: Bool?
        var pomodoro: Bool?
        var label: String?
    }

    /// `POST /api/stop|pause|resume|next`: which session, when not the only one.
    struct Session: Decodable {
        var id: Int?
    }

    /// `POST /api/lists/NAME/add|remove`.
    struct Entries: Decodable {
        var entries: [String]
    }

    /// `POST /api/lists/NAME/import`.
    struct Import: Decodable {
        var text: String
    }

    /// `POST /api/schedules/add`.
    struct ScheduleAdd: Decodable {
        var expression: String
        var preset: String?
        var lists: [String]?
        var length: String?
        var until: String?
        var lock: Bool?
    }

    /// `POST /api/schedules/remove`.
    struct ScheduleRemove: Decodable {
        var id: String
    }

    /// `body` as `T`, or why not.
    static func decode<T: Decodable>(_ type: T.Type, _ body: [UInt8]) -> Result<T, RouteRefusal> {
        do {
            return .success(try JSONDecoder().decode(T.self, from: Data(body.isEmpty ? Array("{}".utf8) : body)))
        } catch {
            return .failure(RouteRefusal(.badRequest, "the body is not the JSON this request takes"))
        }
    }
}

/// A request the routes refuse before running anything, with the status and the reason the page shows.
public struct RouteRefusal: Error, Equatable, Sendable {
    public let status: HttpStatus
    public let reason: String

    public init(_ status: HttpStatus, _ reason: String) {
        self.status = status
        self.reason = reason
    }
}
