/// One place in a ``VirtualTimeScheduler``'s queue: the work and the due time and sequence
/// number that order it. A periodic item takes a new entry for each tick.
@usableFromInline
struct VirtualSchedulerEntry<Time> {
    // Variables so that a periodic item's next tick can reuse the entry of the tick just taken.
    @usableFromInline
    var time: Time
    @usableFromInline
    var id: UInt64
    @usableFromInline
    let work: VirtualScheduledWork

    @inlinable
    init(time: Time, id: UInt64, work: VirtualScheduledWork) {
        self.time = time
        self.id = id
        self.work = work
    }
}
