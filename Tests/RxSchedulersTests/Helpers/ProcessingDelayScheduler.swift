import RxSchedulers

// @unchecked Sendable: inherited; the base class guards all state with its lock.
/// Moves work due now or earlier one tick ahead, like RxTest's simulated processing delay;
/// shows that subclasses can adjust due times.
final class ProcessingDelayScheduler: VirtualTimeScheduler<TickConverter>, @unchecked Sendable {
    init(clock: Int) {
        super.init(initialClock: clock, converter: TickConverter())
    }

    override func adjustScheduledTime(_ time: Int) -> Int {
        time <= clock ? clock + 1 : time
    }
}
