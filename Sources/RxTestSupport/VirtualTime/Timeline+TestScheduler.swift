import RxDiagrams

extension Timeline {
    /// A timeline stamped with `scheduler`'s virtual clock, in ticks, for recording a chain that
    /// runs on a test scheduler with `debug(_:into:)`.
    public convenience init(scheduler: TestScheduler, capacity: Int = Timeline.defaultCapacity) {
        self.init(capacity: capacity, clock: .virtual { scheduler.clock })
    }
}
