import HTTPTypes
import Hummingbird

/// CORS for what a page on another origin may do with a key: read, locate and track. Writes
/// (uploads, surveys, geosubmit, map builds) get no CORS headers, and so no preflight answer
/// a browser accepts: a key pasted into someone else's page cannot change a venue.
struct ReadCORSMiddleware<Context: RequestContext>: RouterMiddleware {
  /// The CORS answers for everything else.
  let cors: CORSMiddleware<Context>

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if Self.isWrite(request) { return try await next(request, context) }
    return try await cors.handle(request, context: context, next: next)
  }

  /// Whether `request` (or, for a preflight, the request it asks about) writes venue data.
  static func isWrite(_ request: Request) -> Bool {
    var method = request.method
    if method == .options, let asked = request.headers[.accessControlRequestMethod] {
      method = HTTPRequest.Method(asked.uppercased()) ?? method
    }
    let path = request.uri.path
    if path == "/v2/geosubmit" { return true }
    guard path.hasPrefix("/fp/v1/venues") else { return false }
    switch method {
    case .get, .head, .options: return false
    case .post: return !path.hasSuffix("/locate")
    default: return true
    }
  }
}
