/// One place in a ``VirtualTimeScheduler``'s queue: the work and the due time and sequence
/// number that order it. A periodic item takes a new entry for each tick.
@usableFromInline
struct VirtualSchedulerEntry<Time> {
    @usableFromInline
    let time: Time
    @usableFromInline
    let id: UInt64
    @usableFromInline
    let work: VirtualScheduledWork

    @inlinable
    init(time: Time, id: UInt64, work: VirtualScheduledWork) {
        self.time = time
        self.id = id
        self.work = work
    }
}
