import FingerpostCLI

FingerpostCommand.main()
