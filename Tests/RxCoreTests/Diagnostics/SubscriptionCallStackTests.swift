import RxCore
import RxDisposables
import RxTestHelpers
import RxTestSupport
import XCTest

/// `Hooks.recordCallStackOnError`: a subscription records its call stack as it is made, and an
/// error it does not handle reaches `Hooks.defaultErrorHandler` with it.
final class SubscriptionCallStackTests: RxTestCase {
    private var savedHandler: Hooks.DefaultErrorHandler!
    private var savedCapture: Hooks.CustomCaptureSubscriptionCallstack!

    override func setUp() {
        super.setUp()
        savedHandler = Hooks.defaultErrorHandler
        savedCapture = Hooks.customCaptureSubscriptionCallstack
    }

    override func tearDown() {
        Hooks.recordCallStackOnError = false
        Hooks.defaultErrorHandler = savedHandler
        Hooks.customCaptureSubscriptionCallstack = savedCapture
        super.tearDown()
    }

    func testRecordingIsOffByDefaultAndTheHandlerGetsAnEmptyStack() {
        XCTAssertFalse(Hooks.recordCallStackOnError)
        let received = CallLog()
        Hooks.defaultErrorHandler = { callStack, _ in received.append("\(callStack)") }
        Hooks.customCaptureSubscriptionCallstack = { ["not asked for"] }

        TestProducer<Int> { $0.onError(NumberedError(id: 1)) }.subscribe(onNext: { _ in }).dispose()

        XCTAssertEqual(received.entries, ["[]"])
    }

    func testWhenOnTheStackCapturedAtSubscriptionReachesTheHandler() {
        let received = CallLog()
        Hooks.defaultErrorHandler = { callStack, error in received.append("\(callStack) \(error)") }
        let captures = CallLog()
        Hooks.customCaptureSubscriptionCallstack = {
            captures.append("captured")
            return ["frame 1", "frame 2"]
        }
        Hooks.recordCallStackOnError = true
        let fail = PublishSubject<Int>()

        let subscription = fail.subscribe(onNext: { _ in })
        XCTAssertEqual(captures.entries, ["captured"], "captured as the subscription is made")
        fail.onError(NumberedError(id: 2))

        XCTAssertEqual(received.entries, ["[\"frame 1\", \"frame 2\"] NumberedError(2)"])
        XCTAssertEqual(captures.entries, ["captured"])
        subscription.dispose()
    }

    func testAHandledErrorDoesNotReachTheHandler() {
        let received = CallLog()
        Hooks.defaultErrorHandler = { _, error in received.append("\(error)") }
        Hooks.customCaptureSubscriptionCallstack = { ["frame"] }
        Hooks.recordCallStackOnError = true

        TestProducer<Int> { $0.onError(NumberedError(id: 3)) }.subscribe(onError: { _ in }).dispose()

        XCTAssertEqual(received.entries, [])
    }

    func testTheDefaultCaptureListsTheFramesOfTheSubscribingThread() throws {
        #if !(canImport(Glibc) || canImport(Darwin))
            throw XCTSkip("the default capture records frames only where the C library has backtrace")
        #endif
        let received = Locked<[String]>([])
        Hooks.defaultErrorHandler = { callStack, _ in received.mutate { $0 = callStack } }
        Hooks.recordCallStackOnError = true

        TestProducer<Int> { $0.onError(NumberedError(id: 4)) }.subscribe(onNext: { _ in }).dispose()

        // glibc's `backtrace_symbols` names the binary of each frame, this test bundle among them.
        XCTAssertGreaterThan(received.value.count, 3)
        XCTAssertTrue(received.value.contains { $0.contains("RxSwiftModularPackageTests") }, "\(received.value)")
    }
}
