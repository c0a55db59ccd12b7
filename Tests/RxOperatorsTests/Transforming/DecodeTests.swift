import Foundation
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

private struct Point: Decodable, Equatable {
    let x: Int
    let y: Int
}

final class DecodeTests: RxTestCase {
    func testDecodesEachElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Data(#"{"x": 1, "y": 2}"#.utf8)), .next(220, Data(#"{"x": 3, "y": 4}"#.utf8)), .completed(300),
        ])

        let res = scheduler.start { xs.decode(type: Point.self, decoder: JSONDecoder()) }

        XCTAssertEqual(res.events, [.next(210, Point(x: 1, y: 2)), .next(220, Point(x: 3, y: 4)), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMalformedDataEndsTheSequenceWithTheDecodersError() {
        var received: [Point] = []
        var failure: (any Error)?

        _ = Observable.of(Data(#"{"x": 1, "y": 2}"#.utf8), Data("not json".utf8), Data(#"{"x": 5, "y": 6}"#.utf8))
            .decode(type: Point.self, decoder: JSONDecoder())
            .subscribe(onNext: { received.append($0) }, onError: { failure = $0 })

        XCTAssertEqual(received, [Point(x: 1, y: 2)])
        XCTAssertTrue(failure is DecodingError, "got \(String(describing: failure))")
    }

    func testAnyDataDecoderWorks() {
        struct Fixed: DataDecoder {
            func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item {
                try JSONDecoder().decode(type, from: Data(#"{"x": \#(data.count), "y": 0}"#.utf8))
            }
        }
        var received: [Point] = []

        _ = Observable.of(Data([1, 2, 3])).decode(type: Point.self, decoder: Fixed()).subscribe(onNext: {
            received.append($0)
        })

        XCTAssertEqual(received, [Point(x: 3, y: 0)])
    }
}
