import Hummingbird
import NIOCore

/// A session another instance sharing the store holds: the client is sent there (307).
struct SessionElsewhere: Error {
  /// The session's id.
  var id: String
  /// Where the same request should go.
  var location: String
  /// The instance holding it.
  var instance: String
}

extension SessionElsewhere {
  /// The answer sending the client to the instance holding a session.
  var redirect: Response {
    Response(
      status: .temporaryRedirect,
      headers: [.location: location, .contentType: "application/json"],
      body: .init(byteBuffer: ByteBuffer(string: redirectBody)))
  }

  /// The body of a redirect to the instance holding a session: its id, that instance and the
  /// same request's URL there.
  var redirectBody: String {
    struct Redirect: Encodable {
      var session: String
      var instance: String
      var location: String
    }
    return Response.jsonText(Redirect(session: id, instance: instance, location: location))
  }
}
