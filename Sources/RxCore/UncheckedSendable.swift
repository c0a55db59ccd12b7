// @unchecked Sendable: the value is handed over, not shared; the Rx serial-delivery contract guards it.
/// Carries a value across a concurrency boundary that the framework itself makes safe, such
/// as a scheduler handing an action to the queue the user chose for it.
///
/// Rx delivers events serially by contract; this box states that contract to the compiler at
/// the one place a value changes threads. Never use it to share mutable state.
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package let value: Value

    package init(_ value: Value) {
        self.value = value
    }
}
