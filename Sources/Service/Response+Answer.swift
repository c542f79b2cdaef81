import FingerpostCore
import Hummingbird
import Logging

extension Response {
  /// Runs `body`, answering any error with the error body: 4xx for what the client got wrong
  /// (401 or 403 for the key; a library error by its kind, `FingerpostError.Kind.httpStatus`),
  /// a redirect to the instance holding a session, 503 when the store failed (logged).
  static func answer(logger: Logger, _ body: () async throws -> Response) async -> Response {
    do {
      return try await body()
    } catch let error as GeolocateError {
      return .error(error.indoor)
    } catch let elsewhere as SessionElsewhere {
      return elsewhere.redirect
    } catch let error as FingerpostError {
      return .error(GeolocateError(error))
    } catch let error as HTTPError {
      return .error(
        GeolocateError(
          code: Int(error.status.code), domain: "global", reason: "badRequest",
          message: error.body ?? "\(error.status)"))
    } catch {
      logger.error("request failed", metadata: ["error": "\(error)"])
      return .error(GeolocateError.serviceUnavailable("the store failed"))
    }
  }
}
