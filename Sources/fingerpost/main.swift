import FingerpostCLI

await FingerpostCommand.start()
