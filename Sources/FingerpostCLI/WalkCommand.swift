import ArgumentParser

/// `fingerpost walk …`: recorded walks.
struct WalkCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "walk",
    abstract: "Recorded walks: import real recordings as event streams.",
    subcommands: [WalkImport.self]
  )
}
