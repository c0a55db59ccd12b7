import Scenarios

extension Catalog {
    /// Every scenario with every side: the project's first, then OpenCombine's, then the bounds
    /// and floors. What the harness runs and `ProfileDriver verify` checks.
    public static let all: [Scenario] = withoutPeers.map { scenario in
        scenario.inserting(peers: peers[scenario.name] ?? [])
    }

    /// The scenario called `name`, with its peers, if any.
    public static func scenario(named name: String) -> Scenario? {
        all.first { $0.name == name }
    }

    /// OpenCombine's sides, by scenario.
    private static let peers: [String: [Scenario.Side]] = [
        "map_filter_pumping": [.init(name: "opencombine", run: MapFilterPumping.openCombine(elements:))],
        "map_filter_creating": [
            .init(name: "opencombine", run: MapFilterCreating.openCombine(chains:)),
            .init(name: "opencombine-erased", run: MapFilterCreating.openCombineErased(chains:)),
            .init(name: "opencombine-subject", run: MapFilterCreating.openCombineSubject(chains:)),
        ],
        "from_array": [.init(name: "opencombine", run: FromArray.openCombine(elements:))],
        "single_map": [.init(name: "opencombine", run: SingleMap.openCombine(elements:))],
        "scan_per_element": [.init(name: "opencombine", run: ScanPerElement.openCombine(elements:))],
        "distinct_until_changed": [.init(name: "opencombine", run: Everyday.distinctOpenCombine(elements:))],
        "reduce_per_element": [.init(name: "opencombine", run: Everyday.reduceOpenCombine(elements:))],
        "enumerated_per_element": [.init(name: "opencombine", run: Everyday.enumeratedOpenCombine(elements:))],
        "skip_while_per_element": [.init(name: "opencombine", run: Everyday.skipWhileOpenCombine(elements:))],
        "retry_per_subscription": [.init(name: "opencombine", run: Everyday.retryOpenCombine(subscriptions:))],
        "async_values_per_element": [.init(name: "opencombine", run: AsyncValues.openCombine(elements:))],
        "single_just_map_subscribe": [
            .init(name: "opencombine", run: SingleTraitChain.openCombine(subscriptions:))
        ],
        "publish_subject_fanout": [.init(name: "opencombine", run: Subjects.publishFanoutOpenCombine(deliveries:))],
        "behavior_subject_subscribe": [
            .init(name: "opencombine", run: Subjects.behaviorSubscribeOpenCombine(subscriptions:))
        ],
        "share_per_delivery": [.init(name: "opencombine", run: Subjects.shareOpenCombine(deliveries:))],
        "zip_per_element": [.init(name: "opencombine", run: Combining.zipOpenCombine(elements:))],
        "flat_map_just": [.init(name: "opencombine", run: Merging.flatMapOpenCombine(inners:))],
        "delay_dispatch": [.init(name: "opencombine", run: Time.delayOpenCombine(elements:))],
    ]
}
