import Foundation
import Hummingbird
import HummingbirdTesting
import JSON
import NIOCore
import Service
import Store
import TestSupport
import Testing

/// Two instances over one PostgreSQL database: what one stores (a venue, a map, a queued
/// build) reaches the other, which copies the map into its own data folder; a build job is
/// worked on by one of them; a session held by one is answered by the other with where it is,
/// until the one holding it falls silent and a third takes it over.
@Suite struct SharedStoreServiceTests {
  @Test(.enabled(if: TestDatabase.serverURL != nil))
  func twoInstancesShareVenuesMapsJobsAndPointToSessions() async throws {
    let fixture = try await ServiceFixture.shared.value
    let database = try await TestDatabase()
    let folder = try TemporaryFolder("shared")
    func instance(_ name: String, instanceTimeout: Double = 30) async throws
      -> FingerprintService
    {
      var configuration = fixture.service.configuration
      configuration.dataFolder = folder.appending(name).path
      configuration.database = database.url
      configuration.databaseTimeout = 30  // a loaded test machine, not a down database
      configuration.publicURL = "http://\(name).invalid:8080"
      configuration.instanceTimeout = instanceTimeout
      return try await FingerprintService(configuration: configuration)
    }
    let a = try await instance("a")
    let b = try await instance("b")
    let following = [Task { await a.followChanges() }, Task { await b.followChanges() }]
    try await a.store.addKey(APIKey(key: "writer", name: "writer", writeVenues: ["office"]))
    try await a.store.addKey(APIKey(key: "locate", name: "locate"))
    let map = try await fixture.service.router().buildApplication().test(.router) { client in
      try await client.execute(uri: "/fp/v1/venues/office/radiomap?key=reader", method: .get) {
        Data(buffer: $0.body)
      }
    }
    // A venue and its map uploaded to a: b loads both, and keeps its own copy of the map.
    try await a.router().buildApplication().test(.router) { client in
      try await client.execute(
        uri: "/fp/v1/venues/office?key=writer", method: .put,
        body: ByteBuffer(bytes: try Data(contentsOf: fixture.folder.appending("office.zip")))
      ) { #expect($0.status == .created) }
      try await client.execute(
        uri: "/fp/v1/venues/office/radiomap?key=writer", method: .put, body: ByteBuffer(bytes: map)
      ) { #expect($0.status == .created) }
    }
    try await Self.waitFor { b.catalog.entry("office")?.mapRecord?.version == 1 }
    let copies = try FileManager.default.contentsOfDirectory(
      atPath: folder.appending("b/maps").path)
    #expect(copies.count == 1 && copies.allSatisfy { $0.hasPrefix("office-v1-") })
    #expect(
      copies.map { FileManager.default.contents(atPath: folder.appending("b/maps/\($0)").path) }
        == [map])
    let scan = ServiceFixture.body(fixture.scans[0])
    let located = try await [a, b].asyncMap { service in
      try await service.router().buildApplication().test(.router) { client in
        try await client.execute(
          uri: "/v1/geolocate?key=locate", method: .post, body: ByteBuffer(string: scan)
        ) { response in
          #expect(response.status == .ok)
          return String(buffer: response.body)
        }
      }
    }
    #expect(located[0] == located[1])

    // A build queued (as by a third instance that does not build): one of them builds it,
    // and both take the new map.
    try await a.router().buildApplication().test(.router) { client in
      try await client.execute(
        uri: "/fp/v1/venues/office/surveys?key=writer", method: .post,
        body: ByteBuffer(string: try Self.surveyLines(every: 9))
      ) { #expect($0.status == .ok) }
    }
    let job = MapBuildJob(id: "shared-build", venue: "office")
    try await fixture.service.store.saveJob(job)  // not this database: no one builds it
    try await PostgresStore(url: database.url, deadline: .seconds(30)).saveJob(job)
    try await Self.waitFor(seconds: 120) {
      a.catalog.entry("office")?.mapRecord?.version == 2
        && b.catalog.entry("office")?.mapRecord?.version == 2
    }
    // The job is marked done once its map is in the builder's catalog: a moment after it.
    var done = try #require(try await a.store.job("shared-build"))
    let until = ContinuousClock.now + .seconds(30)
    while done.state == .running || done.state == .queued, ContinuousClock.now < until {
      try await Task.sleep(for: .milliseconds(50))
      done = try #require(try await a.store.job("shared-build"))
    }
    #expect(done.state == .done && done.mapVersion == 2)
    #expect([a.instance, b.instance].contains(done.worker ?? ""))

    // A session opened on a: b sends its client there, for every request about it.
    let (events, start) = try await SessionTests.walk.value
    let id = try await a.router().buildApplication().test(.router) { client in
      let id = try await SessionTests.open(client, seed: 5, start: start)
      try await client.execute(
        uri: "/fp/v1/sessions/\(id)/events?key=locate", method: .post,
        body: ByteBuffer(string: events[0..<6].joined(separator: "\n"))
      ) { #expect($0.status == .ok) }
      return id
    }
    await a.beat()  // (as its run loop does every 10 s)
    try await b.router().buildApplication().test(.router) { client in
      for (method, path) in [
        (HTTPRequest.Method.get, ""), (.post, "/events"), (.get, "/fixes"), (.delete, ""),
      ] {
        try await client.execute(
          uri: "/fp/v1/sessions/\(id)\(path)?key=locate", method: method,
          body: ByteBuffer(string: events[6])
        ) { response in
          #expect(response.status == .temporaryRedirect)
          let location = "http://a.invalid:8080/fp/v1/sessions/\(id)\(path)?key=locate"
          #expect(response.headers[.location] == location)
          #expect(SessionTests.json(response)?["instance"]?.stringValue == a.instance)
        }
      }
      try await client.execute(uri: "/fp/v1/sessions/none?key=locate", method: .get) {
        #expect($0.status == .notFound)
      }
    }
    #expect(b.sessions.count == 0 && a.sessions.session(id) != nil)

    // a falls silent. c, which gives an instance 0.2 s to say it is alive, takes the session
    // over: it opens it from the store as a has it, and takes its next batch.
    let info = try await a.router().buildApplication().test(.router) { client in
      try await client.execute(uri: "/fp/v1/sessions/\(id)?key=locate", method: .get) {
        try #require(SessionTests.json($0))
      }
    }
    let c = try await instance("c", instanceTimeout: 0.2)
    try await Task.sleep(for: .milliseconds(500))
    try await c.router().buildApplication().test(.router) { client in
      try await client.execute(uri: "/fp/v1/sessions/\(id)?key=locate", method: .get) {
        response in
        #expect(response.status == .ok)
        let taken = try #require(SessionTests.json(response))
        for key in ["seed", "processed", "last_t", "sequence", "particles"] {
          #expect(taken[key] == info[key], "\(key)")
        }
        #expect(taken["instance"]?.stringValue == c.instance)
      }
      try await client.execute(
        uri: "/fp/v1/sessions/\(id)/events?key=locate", method: .post,
        body: ByteBuffer(string: events[6])
      ) { #expect($0.status == .ok) }
    }
    #expect(try await a.store.session(id)?.instance == c.instance)
    // a still has its copy, but the store no longer names it: a does not keep its next batch,
    // puts its copy away and sends the client to c.
    await c.beat()
    try await a.router().buildApplication().test(.router) { client in
      try await client.execute(
        uri: "/fp/v1/sessions/\(id)/events?key=locate", method: .post,
        body: ByteBuffer(string: events[7])
      ) { response in
        #expect(response.status == .temporaryRedirect)
        #expect(
          response.headers[.location]
            == "http://c.invalid:8080/fp/v1/sessions/\(id)/events?key=locate")
      }
    }
    #expect(a.sessions.session(id) == nil)
    #expect(try await a.store.sessionBatches(session: id).count == 2)
    // A venue deleted through one instance is forgotten by the others, its map copies too.
    try await a.router().buildApplication().test(.router) { client in
      try await client.execute(uri: "/fp/v1/venues/office?key=writer", method: .delete) {
        #expect($0.status == .noContent)
      }
    }
    let bCopies = folder.appending("b/maps").path
    try await Self.waitFor {
      b.catalog.entry("office") == nil
        && (try? FileManager.default.contentsOfDirectory(atPath: bCopies))?.isEmpty == true
    }
    for task in following { task.cancel() }
    for case let store as PostgresStore in [a.store, b.store, c.store] { store.shutdown() }
    folder.remove()
    await database.drop()
  }

  /// Every `every`-th scan line of the office's survey.
  static func surveyLines(every: Int) throws -> String {
    try String(
      contentsOfFile: RepositoryPaths.root.appendingPathComponent("Surveys/office.survey.ndjson")
        .path, encoding: .utf8
    ).split(separator: "\n").dropFirst().enumerated().filter { $0.offset % every == 0 }
      .map(\.element).joined(separator: "\n")
  }

  /// Waits until `condition` holds, for at most `seconds`.
  static func waitFor(seconds: Double = 30, _ condition: () -> Bool) async throws {
    let until = ContinuousClock.now + .seconds(seconds)
    while !condition() && ContinuousClock.now < until {
      try await Task.sleep(for: .milliseconds(50))
    }
    #expect(condition())
  }
}

extension Array where Element: Sendable {
  /// The results of `transform` on each element, in order.
  func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
    var results: [T] = []
    for element in self { results.append(try await transform(element)) }
    return results
  }
}
