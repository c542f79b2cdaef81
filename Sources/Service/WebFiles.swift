import Foundation
import Hummingbird

/// Where the web map's static files are: the page itself, shipped as the Service target's
/// resources, and Leaflet, from Debian's `libjs-leaflet` (served at `/leaflet/`).
enum WebFiles {
  /// The resource bundle's name, as SwiftPM names it.
  static let bundleName = "Fingerpost_Service.resources"

  /// The folder of the page's files: beside the executable (or the test bundle) in the bundle
  /// SwiftPM copies there, nil when it is missing (the map is then not served; the API is).
  static let folder: String? = {
    var candidates: [URL] = [Bundle.main.bundleURL]
    if let executable = Bundle.main.executableURL {
      candidates.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
    }
    for base in candidates {
      let web = base.appendingPathComponent(bundleName).appendingPathComponent("Web")
      if FileManager.default.fileExists(atPath: web.appendingPathComponent("index.html").path) {
        return web.path
      }
    }
    return nil
  }()

  /// Debian's Leaflet (`apt-get install libjs-leaflet`).
  static let leafletFolder = "/usr/share/javascript/leaflet"

  /// Adds the middleware that serves both, for paths no route takes.
  static func addMiddleware(to router: Router<ServiceRequestContext>) {
    router.add(middleware: FileMiddleware(leafletFolder, urlBasePath: "/leaflet"))
    if let folder {
      router.add(middleware: FileMiddleware(folder, searchForIndexHtml: true))
    }
  }
}
