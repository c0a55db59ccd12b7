// The conformance rows of the operators in Sources/RxOperators/Traits/.

import Dispatch
import RxCore
import RxDisposables
import RxTestHelpers
import RxTestSupport
import Testing

@testable import RxOperators

extension OperatorConformance {
    static let traits: [ConformanceRow] = [
        // Disposed at 202: before the source completes, so only `first()` has sent its element.
        .creating("asSingle", sends: []) { scheduler in
            Observable.just(1, scheduler: scheduler).asSingle().asObservable()
        },
        .creating("asMaybe", sends: []) { scheduler in
            Observable.just(1, scheduler: scheduler).asMaybe().asObservable()
        },
        .creating("asCompletable", of: Never.self, sends: []) { scheduler in
            Observable.just(1, scheduler: scheduler).ignoreElements().asCompletable().asObservable()
        },
        .creating("toArray", of: [Int].self, sends: []) { scheduler in
            Observable.of(1, 2, 3, scheduler: scheduler).toArray().asObservable()
        },
        .creating("first", of: Int?.self, sends: [.next(201, 1), .completed(201)]) { scheduler in
            Observable.of(1, 2, 3, scheduler: scheduler).first().asObservable()
        },
        // The operators of the traits, each checked on a trait made at once (sending its element,
        // or its completion, when subscribed at 200) unless it takes a scheduler. A scheduled
        // element and its completion are two steps, as in RxSwift: disposed at 202, the
        // completion due then has not been sent.
        .creating("create", on: .single, sends: [.next(200, 1), .completed(200)]) { _ in
            Single<Int>.create { observer in
                observer(.success(1))
                return Disposables.create()
            }
            .asObservable()
        },
        .creating("just", on: .single, sends: [.next(200, 1), .completed(200)]) { _ in Single.just(1).asObservable() },
        .creating("just(_:scheduler:)", on: .single, sends: [.next(201, 1)]) { scheduler in
            Single.just(1, scheduler: scheduler).asObservable()
        },
        .creating("error", on: .single, sends: [.error(200, TestError.boom)]) { _ in
            Single<Int>.error(TestError.boom).asObservable()
        },
        .creating("never", on: .single, sends: []) { _ in Single<Int>.never().asObservable() },
        .creating("deferred", on: .single, sends: [.next(200, 1), .completed(200)]) { _ in
            Single.deferred { .just(1) }.asObservable()
        },
        .creating("using", on: .single, sends: [.next(200, 1), .completed(200)]) { _ in
            Single.using({ BooleanDisposable() }, primitiveSequenceFactory: { _ in .just(1) }).asObservable()
        },
        .creating("timer", on: .single, sends: [.next(201, 0), .completed(201)]) { scheduler in
            Single<Int>.timer(.seconds(1), scheduler: scheduler).asObservable()
        },
        .creating("asObservable", on: .single, sends: [.next(200, 1), .completed(200)]) { _ in
            Single.just(1).asObservable()
        },
        .creating("map", on: .single, sends: [.next(200, 2), .completed(200)]) { _ in
            Single.just(1).map { $0 + 1 }.asObservable()
        },
        .creating("compactMap", on: .single, sends: [.next(200, 1), .completed(200)]) { _ in
            Single.just(1).compactMap { $0 }.asObservable()
        },
        .creating("filter", on: .single, sends: [.completed(200)]) { _ in
            Single.just(1).filter { _ in false }.asObservable()
        },
        .creating("flatMap", on: .single, sends: [.next(200, 2), .completed(200)]) { _ in
            Single.just(1).flatMap { .just($0 + 1) }.asObservable()
        },
        .creating("flatMapMaybe", on: .single, sends: [.completed(200)]) { _ in
            Single.just(1).flatMapMaybe { _ in Maybe<Int>.empty() }.asObservable()
        },
        .creating("flatMapCompletable", on: .single, of: Never.self, sends: [.completed(200)]) { _ in
            Single.just(1).flatMapCompletable { _ in .empty() }.asObservable()
        },
        .creating("catchAndReturn", on: .single, sends: [.next(200, 2), .completed(200)]) { _ in
            Single<Int>.error(TestError.boom).catchAndReturn(2).asObservable()
        },
        .creating("catch", on: .single, sends: [.next(200, 2), .completed(200)]) { _ in
            Single<Int>.error(TestError.boom).catch { _ in .just(2) }.asObservable()
        },
        .creating("retry", on: .single, sends: [.error(200, TestError.boom)]) { _ in
            Single<Int>.error(TestError.boom).retry(2).asObservable()
        }
        .stopping("retry(_:): maxAttemptCount must not be negative, but it is -1") { _ = Single.just(1).retry(-1) },
        .creating("asMaybe", on: .single, sends: [.next(200, 1), .completed(200)]) { _ in
            Single.just(1).asMaybe().asObservable()
        },
        .creating("asCompletable", on: .single, of: Never.self, sends: [.completed(200)]) { _ in
            Single.just(1).asCompletable().asObservable()
        },
        .creating("do", on: .single, sends: [.next(200, 1), .completed(200)]) { _ in
            Single.just(1).do(onSuccess: { _ in }, onDispose: {}).asObservable()
        },
        // The trait's `debug` has no log of its own to pass: its lines go nowhere while the check runs.
        .creating("debug", on: .single, sends: [.next(200, 1), .completed(200)], around: quietDebugOutput) { _ in
            Single.just(1).debug("conformance").asObservable()
        },
        .creating("zip", on: .single, sends: [.next(200, 3), .completed(200)]) { _ in
            Single.zip(Single.just(1), Single.just(2)) { $0 + $1 }.asObservable()
        },
        .creating("delay", on: .single, sends: [.next(201, 1)]) { scheduler in
            Single.just(1).delay(.seconds(1), scheduler: scheduler).asObservable()
        },
        .creating("delaySubscription", on: .single, sends: [.next(201, 1), .completed(201)]) { scheduler in
            Single.just(1).delaySubscription(.seconds(1), scheduler: scheduler).asObservable()
        },
        .creating("timeout", on: .single, sends: [.next(200, 1), .completed(200)]) { scheduler in
            Single.just(1).timeout(.seconds(1_000), scheduler: scheduler).asObservable()
        },
        .creating("observe(on:)", on: .single, sends: [.next(201, 1)]) { scheduler in
            Single.just(1).observe(on: scheduler).asObservable()
        },
        .creating("subscribe(on:)", on: .single, sends: [.next(201, 1), .completed(201)]) { scheduler in
            Single.just(1).subscribe(on: scheduler).asObservable()
        },

        .creating("create", on: .maybe, sends: [.completed(200)]) { _ in
            Maybe<Int>.create { observer in
                observer(.completed)
                return Disposables.create()
            }
            .asObservable()
        },
        .creating("just", on: .maybe, sends: [.next(200, 1), .completed(200)]) { _ in Maybe.just(1).asObservable() },
        .creating("empty", on: .maybe, sends: [.completed(200)]) { _ in Maybe<Int>.empty().asObservable() },
        .creating("error", on: .maybe, sends: [.error(200, TestError.boom)]) { _ in
            Maybe<Int>.error(TestError.boom).asObservable()
        },
        .creating("never", on: .maybe, sends: []) { _ in Maybe<Int>.never().asObservable() },
        .creating("map", on: .maybe, sends: [.next(200, 2), .completed(200)]) { _ in
            Maybe.just(1).map { $0 + 1 }.asObservable()
        },
        .creating("compactMap", on: .maybe, sends: [.completed(200)]) { _ in
            Maybe.just(1).compactMap { _ in Int?.none }.asObservable()
        },
        .creating("filter", on: .maybe, sends: [.next(200, 1), .completed(200)]) { _ in
            Maybe.just(1).filter { _ in true }.asObservable()
        },
        .creating("flatMap", on: .maybe, sends: [.next(200, 2), .completed(200)]) { _ in
            Maybe.just(1).flatMap { Maybe.just($0 + 1) }.asObservable()
        },
        .creating("ifEmpty", on: .maybe, sends: [.next(200, 2), .completed(200)]) { _ in
            Maybe<Int>.empty().ifEmpty(default: 2).asObservable()
        },
        .creating("catchAndReturn", on: .maybe, sends: [.next(200, 2), .completed(200)]) { _ in
            Maybe<Int>.error(TestError.boom).catchAndReturn(2).asObservable()
        },
        .creating("do", on: .maybe, sends: [.completed(200)]) { _ in
            Maybe<Int>.empty().do(onNext: { _ in }, onCompleted: {}).asObservable()
        },
        .creating("zip", on: .maybe, sends: [.next(200, 3), .completed(200)]) { _ in
            Maybe.zip(Maybe.just(1), Maybe.just(2)) { $0 + $1 }.asObservable()
        },

        .creating("create", on: .completable, of: Never.self, sends: [.completed(200)]) { _ in
            Completable.create { observer in
                observer(.completed)
                return Disposables.create()
            }
            .asObservable()
        },
        .creating("empty", on: .completable, of: Never.self, sends: [.completed(200)]) { _ in
            Completable.empty().asObservable()
        },
        .creating("error", on: .completable, of: Never.self, sends: [.error(200, TestError.boom)]) { _ in
            Completable.error(TestError.boom).asObservable()
        },
        .creating("never", on: .completable, of: Never.self, sends: []) { _ in Completable.never().asObservable() },
        .creating("andThen", on: .completable, sends: [.next(200, 1), .completed(200)]) { _ in
            Completable.empty().andThen(Single.just(1)).asObservable()
        },
        .creating("concat", on: .completable, of: Never.self, sends: [.completed(200)]) { _ in
            Completable.empty().concat(Completable.empty()).asObservable()
        },
        .creating("zip", on: .completable, of: Never.self, sends: [.completed(200)]) { _ in
            Completable.zip(Completable.empty(), Completable.empty()).asObservable()
        },
        .creating("do", on: .completable, of: Never.self, sends: []) { scheduler in
            Completable.empty().delay(.seconds(10), scheduler: scheduler).do(onCompleted: {}).asObservable()
        },
    ]
}

/// Runs a check with `debug`'s lines sent nowhere (those written on the scheduler's thread).
private let quietDebugOutput: ConformanceRow.Environment = { _, body in
    DebugOutput.$redirect.withValue({ _ in }, operation: body)
}
