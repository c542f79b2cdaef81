import Testing
import Viewer

@Suite struct KeyDecoderTests {
  @Test func lettersArrowsAndControlKeys() {
    var decoder = KeyDecoder()
    let keys = decoder.feed(Array("q+".utf8) + [0x1B, 0x5B, 0x41, 0x1B, 0x4F, 0x44, 0x03, 0x0D])
    #expect(keys == [.character("q"), .character("+"), .up, .left, .interrupt, .enter])
    #expect(!decoder.hasPending)
  }

  @Test func anEscapeSequenceSplitAcrossReadsIsKeptUntilItEnds() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.hasPending)
    #expect(decoder.feed([0x5B]).isEmpty)
    #expect(decoder.feed([0x43, UInt8(ascii: "j")]) == [.right, .character("j")])
  }

  @Test func aLoneEscapeIsTheEscapeKeyOnceNothingFollows() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.flush() == [.escape])
    #expect(decoder.feed([0x1B, UInt8(ascii: "x")]) == [.escape, .character("x")])
  }

  @Test func multiByteCharactersAndUnknownSequences() {
    var decoder = KeyDecoder()
    let bytes = Array("é".utf8)
    #expect(decoder.feed(bytes.prefix(1)).isEmpty)
    #expect(decoder.feed(bytes.suffix(1)) == [.character("é")])
    #expect(decoder.feed(Array("\u{1B}[15~".utf8)) == [.unknown])  // F5: not bound
  }

  @Test func keysMapToTheDocumentedActions() {
    #expect(ViewerAction(key: .character("+")) == .zoom(1.5))
    #expect(ViewerAction(key: .character("k")) == ViewerAction(key: .up))
    #expect(ViewerAction(key: .character("0")) == .fit)
    #expect(ViewerAction(key: .character("2")) == .level(ordinal: 2))
    #expect(ViewerAction(key: .character("]")) == .stepLevel(1))
    #expect(ViewerAction(key: .interrupt) == .quit)
    #expect(ViewerAction(key: .character(" ")) == .pause)
    #expect(ViewerAction(key: .character("x")) == nil)
  }
}
