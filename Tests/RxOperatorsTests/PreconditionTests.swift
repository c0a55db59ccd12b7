import Foundation
import RxCore
import RxOperators
import RxTestSupport
import XCTest

/// Bad arguments that RxSwift answers by stopping the program, checked by `expectStop`
/// (`Reliability/ExpectStop.swift`); an operator added since checks its own in its test file.
final class PreconditionTests: RxTestCase {
    func testMergeRejectsAMaxConcurrentOfZero() throws {
        try expectStop(
            "testMergeRejectsAMaxConcurrentOfZero",
            message: "merge(maxConcurrent:): maxConcurrent must be positive, but it is 0"
        ) {
            _ = Observable.of(Observable.of(1)).merge(maxConcurrent: 0)
        }
    }

    func testMergeRejectsANegativeMaxConcurrent() throws {
        try expectStop(
            "testMergeRejectsANegativeMaxConcurrent",
            message: "merge(maxConcurrent:): maxConcurrent must be positive, but it is -2"
        ) {
            _ = Observable.of(Observable.of(1)).merge(maxConcurrent: -2)
        }
    }

    func testTakeRejectsANegativeCount() throws {
        try expectStop(
            "testTakeRejectsANegativeCount", message: "take(_:): count must not be negative, but it is -1"
        ) {
            _ = Observable.of(1).take(-1)
        }
    }

    func testRangeRejectsANegativeCount() throws {
        try expectStop(
            "testRangeRejectsANegativeCount",
            message: "range(start:count:scheduler:): count must not be negative, but it is -3"
        ) {
            _ = Observable.range(start: 0, count: -3)
        }
    }

    func testRangeRejectsACountThatOverflows() throws {
        try expectStop(
            "testRangeRejectsACountThatOverflows",
            message: "range(start:count:scheduler:): start 250 + count 7 - 1 overflows UInt8"
        ) {
            _ = Observable<UInt8>.range(start: 250, count: 7)
        }
    }

    func testReplayRejectsANegativeBufferSize() throws {
        try expectStop(
            "testReplayRejectsANegativeBufferSize", message: "replay(_:): bufferSize must not be negative, got -1"
        ) {
            _ = Observable.of(1).replay(-1)
        }
    }

    func testShareRejectsANegativeReplay() throws {
        try expectStop(
            "testShareRejectsANegativeReplay", message: "share(replay:scope:): replay must not be negative, got -1"
        ) {
            _ = Observable.of(1).share(replay: -1)
        }
    }

    func testTakeLastRejectsANegativeCount() throws {
        try expectStop(
            "testTakeLastRejectsANegativeCount", message: "takeLast(_:): count must not be negative, but it is -2"
        ) {
            _ = Observable.of(1).takeLast(-2)
        }
    }

    func testRetryRejectsANegativeMaxAttemptCount() throws {
        try expectStop(
            "testRetryRejectsANegativeMaxAttemptCount",
            message: "retry(_:): maxAttemptCount must not be negative, but it is -1"
        ) {
            _ = Observable.of(1).retry(-1)
        }
    }
}
