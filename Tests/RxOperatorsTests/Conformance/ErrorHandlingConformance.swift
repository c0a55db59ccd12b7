// The conformance rows of the operators in Sources/RxOperators/ErrorHandling/.

import Dispatch
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import Testing

extension OperatorConformance {
    static let errorHandling: [ConformanceRow] = [
        .passingThrough("catchAndReturn") { source, _ in source.catchAndReturn(0) },
        .passingThrough("catch(sequence:)") { source, _ in
            Observable.catch(sequence: [source, .never()])
        },
        .creating("catch(sequence:) (failing at once)", sends: [.next(200, 1), .completed(200)]) { _ in
            Observable.catch(sequence: [Observable<Int>.error(TestError.boom), .just(1)])
        },
        .passingThrough("catch") { source, _ in source.catch { _ in .never() } },
        .passingThrough("retry") { source, _ in source.retry() },
        .passingThrough("retry(_:)") { source, _ in source.retry(2) }
            .stopping("retry(_:): maxAttemptCount must not be negative, but it is -1") {
                _ = Observable.of(1).retry(-1)
            },
        .creating("retry (failing at once)", sends: [.error(200, TestError.boom)]) { _ in
            Observable<Int>.error(TestError.boom).retry(3)
        },
        .passingThrough("retry(when:)") { source, _ in
            source.retry(when: { (errors: Observable<any Error>) in errors })
        },
    ]
}
