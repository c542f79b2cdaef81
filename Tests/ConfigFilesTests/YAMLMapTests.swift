import ConfigFiles
import FingerpostCore
import Testing

@Suite struct YAMLMapTests {
  let text = """
    name: office
    seed: 7
    model:
      exponent: 3.1
      bands: ["2.4", "5"]
    points:
      - { x: 1, y: 2 }
      - { x: 3, y: oops }
    """

  @Test func readsTypedValuesAndNestedMaps() throws {
    let root = try YAMLMap(text: text, file: "w.yaml")
    #expect(try root.string("name") == "office")
    #expect(try root.int("seed") == 7)
    let model = try #require(try root.map("model"))
    #expect(try model.double("exponent") == 3.1)
    #expect(try model.strings("bands") == ["2.4", "5"])
    #expect(try root.maps("points")?.count == 2)
    #expect(try root.double("missing") == nil)
    #expect(root.keys == ["name", "seed", "model", "points"])
  }

  @Test func unknownKeysNameTheKeyAndLine() throws {
    let root = try YAMLMap(text: text, file: "w.yaml")
    let model = try #require(try root.map("model"))
    #expect(throws: FingerpostError.self) { try model.allowOnly(["exponent"]) }
    do {
      try model.allowOnly(["exponent"])
    } catch {
      #expect(error.description == "w.yaml:5: model.bands: unknown key (expected one of: exponent)")
    }
  }

  @Test func aKeyThatIsNotAScalarIsNamedByItsKind() throws {
    // FuzzScenario: a key 200 collections deep ("? - ? - …" on one line) was written into the
    // error through reflection, which printed every node's tag and its resolver: 10 s and more.
    let deep = String(repeating: "? - ", count: 200) + "x\n"
    let root = try YAMLMap(text: deep, file: "s.yaml")
    do {
      try root.allowOnly(["name"])
      Issue.record("a sequence key was allowed")
    } catch {
      #expect(error.description.hasPrefix("s.yaml:1: (a sequence as a key): unknown key"))
    }
    let flow = try YAMLMap(text: "{a: 1}: 2\n", file: "f.yaml")
    #expect(throws: FingerpostError.self) { try flow.allowOnly(["a"]) }
  }

  @Test func wrongTypesNameTheKeyAndLine() throws {
    let root = try YAMLMap(text: text, file: "w.yaml")
    let second = try #require(try root.maps("points")?.last)
    do {
      _ = try second.double("y")
      Issue.record("expected an error")
    } catch {
      #expect(error.line == 8)
      #expect(error.field == "points[1].y")
      #expect(error.kind == .invalidValue)
      #expect(error.message == "expected a number")
    }
    #expect(throws: FingerpostError.self) { try root.map("seed") }
  }

  @Test func invalidYAMLAndNonMappingsAreRefused() {
    for text in ["a: [1, 2\nb: 3", "- 1\n- 2"] {
      #expect {
        try YAMLMap(text: text, file: "x.yaml")
      } throws: { ($0 as? FingerpostError)?.kind == .malformed }
    }
    #expect {
      try YAMLMap(text: "a: [1, 2\nb: 3", file: "x.yaml")
    } throws: { ($0 as? FingerpostError)?.line == 2 }
  }
}

@Suite struct YAMLBooleanTests {
  @Test(arguments: [
    ("yes", true), ("Yes", true), ("true", true), ("on", true), ("no", false), ("false", false),
    ("OFF", false),
  ])
  func booleansAreReadAsYAMLBooleans(text: String, value: Bool) throws {
    let map = try YAMLMap(text: "flag: \(text)\n", file: "f.yaml")
    #expect(try map.bool("flag") == value)
  }

  @Test func aBooleanThatIsNoneIsAnErrorNamingLineAndKey() throws {
    let map = try YAMLMap(text: "a: 1\nflag: maybe\n", file: "f.yaml")
    #expect(throws: FingerpostError.self) { try map.bool("flag") }
    do {
      _ = try map.bool("flag")
    } catch {
      #expect(error.line == 2)
      #expect(error.field == "flag")
      #expect(error.kind == .invalidValue)
    }
  }
}
