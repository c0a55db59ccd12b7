/// Every scenario of the benchmark suite, in the order of the table.
///
/// This module holds the project's sides, the bounds and the floors, and depends on the library
/// alone, so that the performance gate (`GateDriver`) builds without OpenCombine or the harness.
/// The `PeerScenarios` module adds OpenCombine's sides as `Catalog.all`.
public enum Catalog {
    /// Every scenario with its project, bound and floor sides, and no peer.
    public static let withoutPeers: [Scenario] = [
        Scenario(
            name: "map_filter_pumping", unit: "element", unitsPerIteration: 1_000_000,
            sides: [
                .init(name: "rx", run: MapFilterPumping.rx(elements:)),
                .init(name: "floor", run: MapFilterPumping.floor(elements:)),
            ],
            expectedChecksum: MapFilterPumping.expected(elements:)),
        Scenario(
            name: "map_filter_creating", unit: "chain", unitsPerIteration: 1_000,
            sides: [
                .init(name: "rx", run: MapFilterCreating.rx(chains:)),
                .init(name: "lazy-minimum", run: MapFilterCreating.lazyMinimum(chains:)),
                .init(name: "rx-build-only", run: MapFilterCreating.rxBuildOnly(chains:)),
                .init(name: "floor", run: MapFilterCreating.floor(chains:)),
            ],
            expectedChecksum: MapFilterCreating.expected(chains:)),
        Scenario(
            name: "from_array", unit: "element", unitsPerIteration: 1_000,
            sides: [
                .init(name: "rx", run: FromArray.rx(elements:)),
                .init(name: "floor", run: FromArray.floor(elements:)),
            ],
            expectedChecksum: FromArray.expected(elements:)),
        Scenario(
            name: "single_map", unit: "element", unitsPerIteration: 1_000_000,
            sides: [
                .init(name: "rx", run: SingleMap.rx(elements:)),
                .init(name: "floor", run: SingleMap.floor(elements:)),
            ],
            expectedChecksum: SingleMap.expected(elements:)),
        Scenario(
            name: "scan_per_element", unit: "element", unitsPerIteration: 1_000_000,
            sides: [
                .init(name: "rx", run: ScanPerElement.rx(elements:)),
                .init(name: "floor", run: ScanPerElement.floor(elements:)),
            ],
            expectedChecksum: ScanPerElement.expected(elements:)),
        Scenario(
            name: "distinct_until_changed", unit: "element", unitsPerIteration: 1_000_000,
            sides: [
                .init(name: "rx", run: Everyday.distinctRx(elements:)),
                .init(name: "floor", run: Everyday.distinctFloor(elements:)),
            ],
            expectedChecksum: Everyday.distinctExpected(elements:)),
        Scenario(
            name: "reduce_per_element", unit: "element", unitsPerIteration: 1_000_000,
            sides: [
                .init(name: "rx", run: Everyday.reduceRx(elements:)),
                .init(name: "floor", run: Everyday.reduceFloor(elements:)),
            ],
            expectedChecksum: Everyday.reduceExpected(elements:)),
        Scenario(
            name: "enumerated_per_element", unit: "element", unitsPerIteration: 1_000_000,
            sides: [
                .init(name: "rx", run: Everyday.enumeratedRx(elements:))
            ],
            expectedChecksum: Everyday.enumeratedExpected(elements:)),
        Scenario(
            name: "skip_while_per_element", unit: "element", unitsPerIteration: 1_000_000,
            sides: [
                .init(name: "rx", run: Everyday.skipWhileRx(elements:))
            ],
            expectedChecksum: Everyday.skipWhileExpected(elements:)),
        Scenario(
            name: "retry_per_subscription", unit: "subscription", unitsPerIteration: 1_000,
            sides: [
                .init(name: "rx", run: Everyday.retryRx(subscriptions:)),
                .init(name: "floor", run: Everyday.retryFloor(subscriptions:)),
            ],
            expectedChecksum: Everyday.retryExpected(subscriptions:)),
        Scenario(
            name: "async_values_per_element", unit: "element", unitsPerIteration: 1_000_000,
            sides: [
                .init(name: "rx", run: AsyncValues.rx(elements:)),
                .init(name: "rx-calling-thread", run: AsyncValues.rxOnCallingThread(elements:)),
                .init(name: "floor", run: AsyncValues.floor(elements:)),
            ],
            expectedChecksum: AsyncValues.expected(elements:)),
        Scenario(
            name: "single_just_map_subscribe", unit: "subscription", unitsPerIteration: 1_000,
            sides: [
                .init(name: "rx", run: SingleTraitChain.rx(subscriptions:)),
                .init(name: "floor", run: SingleTraitChain.floor(subscriptions:)),
            ],
            expectedChecksum: SingleTraitChain.expected(subscriptions:)),
        Scenario(
            name: "publish_subject_fanout", unit: "delivery", unitsPerIteration: 1_000_000,
            sides: [
                .init(name: "rx", run: Subjects.publishFanoutRx(deliveries:)),
                .init(name: "floor", run: Subjects.publishFanoutFloor(deliveries:)),
            ],
            expectedChecksum: Subjects.fanoutExpected(deliveries:)),
        Scenario(
            name: "behavior_subject_subscribe", unit: "subscription", unitsPerIteration: 1_000,
            sides: [
                .init(name: "rx", run: Subjects.behaviorSubscribeRx(subscriptions:)),
                .init(name: "floor", run: Subjects.behaviorSubscribeFloor(subscriptions:)),
            ],
            expectedChecksum: Subjects.behaviorExpected(subscriptions:)),
        Scenario(
            name: "share_per_delivery", unit: "delivery", unitsPerIteration: 1_000_000,
            sides: [
                .init(name: "rx", run: Subjects.shareRx(deliveries:)),
                .init(name: "floor", run: Subjects.shareFloor(deliveries:)),
            ],
            expectedChecksum: Subjects.shareExpected(deliveries:)),
        Scenario(
            name: "interval_virtual", unit: "tick", unitsPerIteration: 100_000,
            sides: [
                .init(name: "rx", run: IntervalVirtual.rx(ticks:)),
                .init(name: "floor", run: IntervalVirtual.floor(ticks:)),
            ],
            expectedChecksum: IntervalVirtual.expected(ticks:)),
        Scenario(
            name: "trampoline", unit: "item", unitsPerIteration: 1_000_000,
            sides: [
                .init(name: "rx", run: Trampoline.rx(items:)),
                .init(name: "floor", run: Trampoline.floor(items:)),
            ],
            expectedChecksum: Trampoline.expected(items:)),
        Scenario(
            name: "trampoline_fanout", unit: "item", unitsPerIteration: 1_000_000,
            sides: [
                .init(name: "rx", run: TrampolineFanOut.rx(items:)),
                .init(name: "floor", run: TrampolineFanOut.floor(items:)),
            ],
            expectedChecksum: TrampolineFanOut.expected(items:)),
        Scenario(
            name: "timer_dispatch", unit: "batch of 100,000 timers", unitsPerIteration: 1,
            sides: [
                .init(name: "rx", run: TimerDispatch.rx(batches:)),
                .init(name: "floor", run: TimerDispatch.floor(batches:)),
            ],
            expectedChecksum: TimerDispatch.expected(batches:)),
        Scenario(
            name: "observe_on", unit: "element", unitsPerIteration: 1_000_000,
            sides: [
                .init(name: "rx", run: ObserveOnTrampoline.rx(elements:)),
                .init(name: "floor", run: ObserveOnTrampoline.floor(elements:)),
            ],
            expectedChecksum: ObserveOnTrampoline.expected(elements:)),
        Scenario(
            name: "driver_per_delivery", unit: "element", unitsPerIteration: 1_000_000,
            sides: [
                .init(name: "rx", run: DriverPerDelivery.rx(elements:)),
                .init(name: "floor", run: DriverPerDelivery.byHand(elements:)),
            ],
            expectedChecksum: DriverPerDelivery.expected(elements:)),
        Scenario(
            name: "combine_latest", unit: "element", unitsPerIteration: 1_000_000,
            sides: [
                .init(name: "rx", run: Combining.combineLatestRx(elements:)),
                .init(name: "floor", run: Combining.combineLatestFloor(elements:)),
            ],
            expectedChecksum: Combining.combineLatestExpected(elements:)),
        Scenario(
            name: "zip_per_element", unit: "element", unitsPerIteration: 1_000_000,
            sides: [
                .init(name: "rx", run: Combining.zipRx(elements:)),
                .init(name: "floor", run: Combining.zipFloor(elements:)),
            ],
            expectedChecksum: Combining.zipExpected(elements:)),
        Scenario(
            name: "with_latest_from", unit: "element", unitsPerIteration: 1_000_000,
            sides: [
                .init(name: "rx", run: Combining.withLatestFromRx(elements:)),
                .init(name: "floor", run: Combining.withLatestFromFloor(elements:)),
            ],
            expectedChecksum: Combining.withLatestFromExpected(elements:)),
        Scenario(
            name: "flat_map_just", unit: "inner", unitsPerIteration: 1_000,
            sides: [
                .init(name: "rx", run: Merging.flatMapRx(inners:)),
                .init(name: "floor", run: Merging.flatMapFloor(inners:)),
            ],
            expectedChecksum: Merging.flatMapExpected(inners:)),
        Scenario(
            name: "merge_two_subjects", unit: "element", unitsPerIteration: 1_000_000,
            sides: [
                .init(name: "rx", run: Merging.mergeRx(elements:)),
                .init(name: "floor", run: Merging.mergeFloor(elements:)),
            ],
            expectedChecksum: Merging.mergeExpected(elements:)),
        Scenario(
            name: "debounce_virtual", unit: "element", unitsPerIteration: 100_000,
            sides: [
                .init(name: "rx", run: Time.debounceRx(elements:)),
                .init(name: "timer-floor", run: Time.debounceTimerFloor(elements:)),
                .init(name: "floor", run: Time.virtualSourceFloor(elements:)),
            ],
            expectedChecksum: Time.virtualExpected(elements:)),
        Scenario(
            name: "throttle_virtual", unit: "element", unitsPerIteration: 100_000,
            sides: [
                .init(name: "rx", run: Time.throttleRx(elements:)),
                .init(name: "floor", run: Time.virtualSourceFloor(elements:)),
            ],
            expectedChecksum: Time.virtualExpected(elements:)),
        Scenario(
            name: "delay_dispatch", unit: "element", unitsPerIteration: 1_000,
            sides: [
                .init(name: "rx", run: Time.delayRx(elements:))
            ],
            expectedChecksum: Time.delayExpected(elements:)),
        ObservationChange.scenario,
        Scenario(
            name: "debug_timeline", unit: "element", unitsPerIteration: 100_000,
            sides: [
                .init(name: "rx", run: DebugTimelineScenario.rx(elements:)),
                .init(name: "debug-print", run: DebugTimelineScenario.debugPrinting(elements:)),
                .init(name: "floor", run: DebugTimelineScenario.floor(elements:)),
            ],
            expectedChecksum: DebugTimelineScenario.expected(elements:)),
    ]

    /// The scenario called `name` in `withoutPeers`, if any.
    public static func scenarioWithoutPeers(named name: String) -> Scenario? {
        withoutPeers.first { $0.name == name }
    }
}
