import RxDisposables
import RxTestSupport
import XCTest

/// Reentrant and self-referencing misuse of the disposables: each ends, disposes every member
/// once, and holds nothing it should not.
final class DisposablesBadInputReliabilityTests: RxTestCase {
    func testACompositeMemberThatDisposesTheCompositeAndAddsToItIsDisposedOnce() {
        let composite = CompositeDisposable()
        let late = TestDisposable()
        let inner = TestDisposable()
        var ownKey: CompositeDisposable.DisposeKey?
        ownKey = composite.insert(
            Disposables.create {
                inner.dispose()
                composite.dispose()
                if let ownKey { composite.remove(for: ownKey) }
                XCTAssertNil(composite.insert(late))
            })
        composite.dispose()

        XCTAssertEqual(inner.disposeCount, 1)
        XCTAssertEqual(late.disposeCount, 1, "added during the disposal: disposed at once")
        XCTAssertEqual(composite.count, 0)
    }

    func testACompositeInsertedIntoItselfDisposesOnce() {
        let composite = CompositeDisposable()
        let member = TestDisposable()
        composite.insert(member)
        composite.insert(composite)
        composite.dispose()

        XCTAssertEqual(member.disposeCount, 1)
        XCTAssertTrue(composite.isDisposed)
    }

    func testASerialDisposableReplacedFromInsideTheOneItReplacesKeepsTheNewest() {
        let serial = SerialDisposable()
        let second = TestDisposable()
        let third = TestDisposable()
        serial.disposable = Disposables.create { serial.disposable = third }
        serial.disposable = second

        XCTAssertEqual(second.disposeCount, 1, "replaced by the assignment made during its predecessor's disposal")
        XCTAssertEqual(third.disposeCount, 0)
        XCTAssertTrue(serial.disposable as? TestDisposable === third)
        serial.dispose()
        XCTAssertEqual(third.disposeCount, 1)
    }

    func testASerialDisposableDisposedFromInsideItsHeldDisposableEnds() {
        let serial = SerialDisposable()
        let calls = TestDisposable()
        serial.disposable = Disposables.create {
            calls.dispose()
            serial.dispose()
        }
        serial.dispose()

        XCTAssertEqual(calls.disposeCount, 1)
        XCTAssertTrue(serial.isDisposed)
    }

    func testASingleAssignmentDisposableDisposedFromInsideItsDisposableEnds() {
        let holder = SingleAssignmentDisposable()
        let calls = TestDisposable()
        holder.setDisposable(
            Disposables.create {
                calls.dispose()
                holder.dispose()
            })
        holder.dispose()

        XCTAssertEqual(calls.disposeCount, 1)
    }

    func testRetainingFromInsideTheUnderlyingsDisposeGivesAHandleThatDoesNothing() {
        let log = DisposeLog()
        var refCount: RefCountDisposable?
        refCount = RefCountDisposable(
            disposable: Disposables.create {
                log.append("underlying")
                refCount?.retain().dispose()
                refCount?.dispose()
            })
        refCount?.dispose()
        refCount = nil

        XCTAssertEqual(log.entries, ["underlying"])
    }

    func testTheSameDisposableInTheBagTwiceIsDisposedTwiceAndActsOnce() {
        let action = TestDisposable()
        let counting = TestDisposable()
        let member = Disposables.create { action.dispose() }
        var bag: DisposeBag? = DisposeBag()
        member.disposed(by: bag!)
        member.disposed(by: bag!)
        counting.disposed(by: bag!)
        counting.disposed(by: bag!)
        bag = nil

        XCTAssertEqual(action.disposeCount, 1, "the framework's disposables ignore a second dispose")
        XCTAssertEqual(counting.disposeCount, 2, "the bag disposes what it holds once per insertion")
    }

    func testADisposableCreatedAlreadyDisposedStaysDisposed() {
        let disposable = BooleanDisposable(isDisposed: true)
        disposable.dispose()
        XCTAssertTrue(disposable.isDisposed)
    }
}
