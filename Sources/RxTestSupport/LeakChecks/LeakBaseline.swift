import RxCore

/// What a leak check found alive when it started: `Resources.total` and, in debug builds, the
/// live objects by type, so that a failure can name what the test left behind.
struct LeakBaseline: Sendable {
    /// `Resources.total` at the start.
    let total: Int32
    /// The live objects by type name at the start (empty in release builds).
    let byType: [String: Int]

    /// The count now.
    init() {
        byType = Resources.liveObjectsByType
        total = Resources.total
    }

    /// The failure message once a wait ended with the count away from ``total``: how many
    /// objects are still alive after `subject`, how the total moved, which types account for it
    /// (most numerous first), and, for a leak, its likely causes and their fixes.
    ///
    /// `2 framework objects still alive after the test (Resources.total 0 → 2): AnonymousObserver<Int> ×1, …`
    func message(after subject: String, _ end: LeakWait) -> String {
        let leaked = end.difference
        let counts = message(leaked: leaked, after: subject)
        guard leaked > 0 else { return counts }
        let wait =
            end.workInFlight
            ? "\nwork was still in flight on a scheduler when the check gave up: a timer or a queued action "
                + "that nothing disposed (an `interval`, a `timer`, a `delay`) may hold them"
            : ""
        return counts + wait + "\n" + Self.likelyCauses
    }

    /// What leaves a subscription alive, and what to write instead.
    static let likelyCauses = """
        likely causes:
          - a subscription that was never disposed: keep what `subscribe` returns in a `DisposeBag` \
        owned by the object the subscription works for (`.disposed(by: bag)`), or call `dispose()` on it
          - a subscription kept alive by a strong capture: a closure given to `subscribe` (or to an \
        operator) captures `self`, which holds the subscription, its bag or its source; capture \
        `[weak self]`, or subscribe with `subscribe(with: self) { owner, element in … }`, which holds \
        `self` weakly
        """

    private func message(leaked: Int32, after subject: String) -> String {
        let now = Resources.liveObjectsByType
        var changes: [(name: String, count: Int)] = []
        for name in Set(now.keys).union(byType.keys) {
            let change = now[name, default: 0] - byType[name, default: 0]
            // Only the changes in the direction of the leak explain it.
            if change != 0, (change > 0) == (leaked > 0) {
                changes.append((name, abs(change)))
            }
        }
        changes.sort { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
        let moved = "(Resources.total \(total) → \(total + leaked))"
        let sentence =
            leaked > 0
            ? "\(Self.objects(leaked)) still alive after \(subject) \(moved)"
            : "\(Self.objects(-leaked)) released during \(subject) that \(leaked == -1 ? "was" : "were") alive before it"
                + " \(moved)"
        if changes.isEmpty {
            return sentence
        }
        return sentence + ": " + changes.map { "\($0.name) ×\($0.count)" }.joined(separator: ", ")
    }

    private static func objects(_ count: Int32) -> String {
        count == 1 ? "1 framework object" : "\(count) framework objects"
    }
}
