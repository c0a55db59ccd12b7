// The conformance rows of the operators in Sources/RxOperators/Creating/.

import Dispatch
import Foundation
import FoundationEssentials
import RxCore
import RxDisposables
import RxOperators
import RxSchedulers
import RxTestHelpers
import RxTestSupport
import Testing

extension OperatorConformance {
    static let creating: [ConformanceRow] = [
        .passingThrough("create") { source, _ in
            Observable.create { observer in source.subscribe(observer) }
        },
        .creating("create", sends: [.next(200, 1)]) { _ in
            Observable.create { observer in
                observer.onNext(1)
                return Disposables.create()
            }
        },
        .passingThrough("deferred") { source, _ in Observable.deferred { source } },
        .creating("deferred", sends: []) { _ in Observable.deferred { .never() } },
        .creating("empty", sends: [.completed(200)]) { _ in Observable.empty() },
        .creating("error", sends: [.error(200, TestError.boom)]) { _ in Observable.error(TestError.boom)
        },
        .creating("from(optional:scheduler:)", sends: [.next(201, 1)]) { scheduler in
            Observable.from(optional: 1, scheduler: scheduler)
        },
        .creating("from(optional:)", sends: [.next(200, 1), .completed(200)]) { _ in
            Observable.from(optional: 1)
        },
        .creating("of", sends: [.next(201, 1)]) { scheduler in
            Observable.of(1, 2, 3, scheduler: scheduler)
        },
        .creating("from(array)", sends: [.next(201, 1)]) { scheduler in
            Observable.from([1, 2, 3], scheduler: scheduler)
        },
        .creating("from(sequence)", sends: [.next(201, 1)]) { scheduler in
            Observable.from(1..., scheduler: scheduler)
        },
        .creating("of (trampoline)", sends: [.next(200, 1), .next(200, 2), .completed(200)]) { _ in
            Observable.of(1, 2)
        },
        .creating("generate", sends: [.next(201, 1)]) { scheduler in
            Observable.generate(initialState: 1, condition: { _ in true }, scheduler: scheduler, iterate: { $0 + 1 })
        },
        .creating("just(scheduler:)", sends: [.next(201, 1)]) { scheduler in
            Observable.just(1, scheduler: scheduler)
        },
        .creating("just", sends: [.next(200, 1), .completed(200)]) { _ in Observable.just(1) },
        .creating("never", sends: []) { _ in Observable.never() },
        .creating("range", sends: [.next(201, 1)]) { scheduler in
            Observable.range(start: 1, count: 3, scheduler: scheduler)
        }
        .stopping("range(start:count:scheduler:): count must not be negative, but it is -3") {
            _ = Observable.range(start: 0, count: -3)
        }
        .stopping("range(start:count:scheduler:): start 250 + count 7 - 1 overflows UInt8") {
            _ = Observable<UInt8>.range(start: 250, count: 7)
        },
        .creating("repeatElement", sends: [.next(201, 1)]) { scheduler in
            Observable.repeatElement(1, scheduler: scheduler)
        },
        .creating("timer", sends: [.next(201, 0), .completed(201)]) { scheduler in
            Observable<Int>.timer(.seconds(1), scheduler: scheduler)
        },
        .creating("timer(period:)", sends: [.next(201, 0)]) { scheduler in
            Observable<Int>.timer(.seconds(1), period: .seconds(1), scheduler: scheduler)
        },
        .creating("interval", sends: [.next(201, 0)]) { scheduler in
            Observable<Int>.interval(.seconds(1), scheduler: scheduler)
        },
        .passingThrough("using") { source, _ in
            Observable.using({ BooleanDisposable() }, observableFactory: { _ in source })
        },
        .creating("using (never)", sends: []) { _ in
            Observable<Int>.using({ BooleanDisposable() }, observableFactory: { _ in .never() })
        },
    ]
}
