/// What a source's event did to a two-source sink (`combineLatest`, `zip`), decided under its
/// lock. Not nested in the generic sinks, whose nested types would be generic too, with metadata
/// to look up on every element.
enum TwoSourceOutcome {
    /// Nothing to deliver, or it was queued for the thread that is delivering.
    case nothing
    /// The caller delivers the outgoing pair the sink keeps.
    case deliverClaimed
    /// The caller delivers completion.
    case complete
}
