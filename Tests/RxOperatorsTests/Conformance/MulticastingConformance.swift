// The conformance rows of the operators in Sources/RxOperators/Multicasting/.

import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import Testing

extension OperatorConformance {
    static let multicasting: [ConformanceRow] = [
        .passingThrough("multicast(_:selector:)") { source, _ in
            source.multicast({ PublishSubject<Int>() }, selector: { $0 })
        },
        .passingThrough("multicast(makeSubject:).refCount()") { source, _ in
            source.multicast(makeSubject: { PublishSubject<Int>() }).refCount()
        },
        .passingThrough("publish().refCount()") { source, _ in source.publish().refCount() },
        .passingThrough("replay(_:).refCount()") { source, _ in source.replay(1).refCount() }
            .stopping("replay(_:): bufferSize must not be negative, got -1") { _ = Observable.of(1).replay(-1) },
        .passingThrough("replayAll().refCount()") { source, _ in source.replayAll().refCount() },
        .passingThrough("share()") { source, _ in source.share() },
        .passingThrough("share(replay:scope:)") { source, _ in source.share(replay: 1, scope: .forever) }
            .stopping("share(replay:scope:): replay must not be negative, got -1") {
                _ = Observable.of(1).share(replay: -1)
            },
    ]
}
