import Foundation
import RxCocoaTraits
import RxCore
import RxDisposables
import RxOperators
import RxTestHelpers
import RxTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `NotificationCenter.rx` and `URLSession.rx`, with no network: requests are answered by a
/// URL protocol registered on the session.
final class FoundationTests: RxTestCase {
    // MARK: NotificationCenter

    func testNotificationsWithoutAnObjectArriveFromAnyPosterUntilDisposal() {
        let center = NotificationCenter()
        let name = Notification.Name("RxCocoaTraitsTests.any")
        var received: [String] = []
        let subscription = center.rx.notification(name).subscribe(onNext: { notification in
            received.append(notification.userInfo?["value"] as? String ?? "?")
        })
        center.post(name: name, object: nil, userInfo: ["value": "a"])
        center.post(name: name, object: NSObject(), userInfo: ["value": "b"])
        center.post(name: Notification.Name("other"), object: nil, userInfo: ["value": "c"])
        subscription.dispose()
        center.post(name: name, object: nil, userInfo: ["value": "d"])

        XCTAssertEqual(received, ["a", "b"])
    }

    func testNotificationsWithAnObjectArriveOnlyFromIt() {
        let center = NotificationCenter()
        let name = Notification.Name("RxCocoaTraitsTests.object")
        let poster = NSObject()
        var received = 0
        let subscription = center.rx.notification(name, object: poster).subscribe(onNext: { _ in received += 1 })
        center.post(name: name, object: poster)
        center.post(name: name, object: NSObject())
        center.post(name: name, object: nil)
        subscription.dispose()

        XCTAssertEqual(received, 1)
    }

    // MARK: URLSession

    private func session(answering answer: StubAnswer) -> URLSession {
        StubURLProtocol.answer.value = answer
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubURLProtocol.self]
        return URLSession(configuration: configuration)
    }

    /// The events of `sequence`, waited for with a bound.
    private func events<Element>(_ sequence: Observable<Element>) -> (elements: [Element], error: (any Error)?) {
        let done = expectation(description: "the request ended")
        let elements = Locked<[Element]>([])
        let failure = Locked<(any Error)?>(nil)
        let subscription = sequence.subscribe(
            onNext: { element in elements.mutate { $0.append(element) } },
            onError: { error in
                failure.value = error
                done.fulfill()
            },
            onCompleted: { done.fulfill() })
        wait(for: [done], timeout: 10)
        subscription.dispose()
        return (elements.value, failure.value)
    }

    func testResponseDataAndJSONOfASuccessfulRequest() throws {
        let previous = Reactive<URLSession>.shouldLogRequest
        Reactive<URLSession>.shouldLogRequest = { _ in false }
        defer { Reactive<URLSession>.shouldLogRequest = previous }
        let session = session(answering: StubAnswer(status: 200, body: #"{"name":"rx"}"#))
        defer { session.invalidateAndCancel() }
        let url = try XCTUnwrap(URL(string: "https://example.invalid/settings"))

        let response = events(session.rx.response(request: URLRequest(url: url)))
        XCTAssertNil(response.error)
        XCTAssertEqual(response.elements.map(\.response.statusCode), [200])
        XCTAssertEqual(response.elements.map { String(decoding: $0.data, as: UTF8.self) }, [#"{"name":"rx"}"#])

        let data = events(session.rx.data(request: URLRequest(url: url)))
        XCTAssertEqual(data.elements.count, 1)

        let json = events(session.rx.json(url: url))
        XCTAssertEqual((json.elements.first as? [String: Any])?["name"] as? String, "rx")
    }

    func testAFailedStatusAndABodyThatIsNotJSONBecomeRxCocoaURLErrors() throws {
        let previous = Reactive<URLSession>.shouldLogRequest
        Reactive<URLSession>.shouldLogRequest = { _ in false }
        defer { Reactive<URLSession>.shouldLogRequest = previous }
        let url = try XCTUnwrap(URL(string: "https://example.invalid/missing"))

        let missing = session(answering: StubAnswer(status: 404, body: "gone"))
        let failed = events(missing.rx.data(request: URLRequest(url: url)))
        missing.invalidateAndCancel()
        guard case .httpRequestFailed(let response, let body)? = failed.error as? RxCocoaURLError else {
            return XCTFail("expected httpRequestFailed, got \(String(describing: failed.error))")
        }
        XCTAssertEqual(response.statusCode, 404)
        XCTAssertEqual(body.map { String(decoding: $0, as: UTF8.self) }, "gone")
        XCTAssertTrue(failed.error.map { "\($0)" } != nil)

        let notJSON = session(answering: StubAnswer(status: 200, body: "not json"))
        let unreadable = events(notJSON.rx.json(request: URLRequest(url: url)))
        notJSON.invalidateAndCancel()
        guard case .deserializationError? = unreadable.error as? RxCocoaURLError else {
            return XCTFail("expected deserializationError, got \(String(describing: unreadable.error))")
        }
    }

    func testErrorsDescribeThemselves() throws {
        let url = try XCTUnwrap(URL(string: "https://example.invalid"))
        let response = try XCTUnwrap(HTTPURLResponse(url: url, statusCode: 500, httpVersion: nil, headerFields: nil))
        XCTAssertEqual(
            RxCocoaURLError.httpRequestFailed(response: response, data: nil).debugDescription,
            "The request failed with HTTP status 500.")
        XCTAssertFalse(RxCocoaURLError.unknown.debugDescription.isEmpty)
        XCTAssertTrue(
            RxCocoaError.castingError(object: 1, targetType: String.self).debugDescription.contains("String"))
        XCTAssertTrue(
            RxCocoaError.invalidPropertyName(object: 1, propertyName: "name").debugDescription.contains("name"))
    }

    func testKVORepresentableIntegersReadNumbersThatFit() {
        XCTAssertEqual(Int(KVOValue: NSNumber(value: 5)), 5)
        XCTAssertNil(Int32(KVOValue: NSNumber(value: Int64.max)))
        XCTAssertEqual(UInt64(KVOValue: NSNumber(value: 7)), 7)
        XCTAssertEqual(Bool(KVOValue: NSNumber(value: true)), true)
    }
}

/// What the stub protocol answers every request with.
struct StubAnswer: Sendable {
    var status: Int
    var body: String
}

/// A URL protocol that answers every request with ``StubAnswer``, without the network.
final class StubURLProtocol: URLProtocol {
    static let answer = Locked(StubAnswer(status: 200, body: ""))

    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let answer = Self.answer.value
        guard let url = request.url,
            let response = HTTPURLResponse(
                url: url, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: nil)
        else {
            client?.urlProtocol(self, didFailWithError: URLError(.badURL))
            return
        }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data(answer.body.utf8))
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}
