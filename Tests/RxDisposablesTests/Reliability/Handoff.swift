// @unchecked Sendable: written by one thread at a time, each handing over to the next through dispatch.
/// A slot whose content one thread puts in and another thread takes out or drops, to make the
/// last release of an object happen on a chosen thread.
final class Handoff<Value>: @unchecked Sendable {
    var value: Value?

    init(_ value: Value) {
        self.value = value
    }
}
