import Foundation
import RxCore
import RxSchedulers

/// Makes the scheduler that ``Driver`` and ``Signal`` deliver on, and lets tests replace it.
///
/// Outside ``mock(scheduler:action:)`` it makes a `MainScheduler`, as RxSwift does. Inside, it
/// makes what the mock says, so a test can build a view model's drivers on a `TestScheduler`
/// and read them in virtual time.
///
/// A mock applies to the thread that calls `mock`, while `action` runs; on that thread mocks
/// nest, and each one restores the scheduler before it when it returns or throws. Other
/// threads keep making main schedulers, so tests that run in parallel do not see each other's
/// mocks, and a test scheduler never reaches a thread it was not made for. (RxSwift's mock is
/// process-wide; build the shared sequences inside `action`, on its thread, as tests do.)
public enum SharingScheduler {
    /// Makes the scheduler shared sequences deliver on: the innermost mock's on this thread,
    /// else a new `MainScheduler`.
    public static var make: () -> any SchedulerType {
        MockStack.current?.makers.last ?? { MainScheduler() }
    }

    /// Runs `action` with shared sequences built on this thread delivering on `scheduler`.
    ///
    /// For tests: build the drivers and signals under test inside `action`.
    public static func mock(scheduler: any SchedulerType, action: () throws -> Void) rethrows {
        try mock(makeScheduler: { scheduler }, action: action)
    }

    /// Runs `action` with shared sequences built on this thread delivering on what
    /// `makeScheduler` makes, called each time one needs a scheduler.
    ///
    /// For tests: build the drivers and signals under test inside `action`.
    public static func mock(makeScheduler: @escaping () -> any SchedulerType, action: () throws -> Void) rethrows {
        let stack = MockStack.forCurrentThread
        stack.makers.append(makeScheduler)
        defer { stack.makers.removeLast() }
        try action()
    }
}

/// The mocks in force on one thread, innermost last; kept in the thread's dictionary, so it is
/// only ever touched by its own thread.
private final class MockStack {
    var makers: [() -> any SchedulerType] = []

    private static let key = "RxCocoaTraits.SharingScheduler.mocks"

    static var current: MockStack? {
        Thread.current.threadDictionary[key] as? MockStack
    }

    static var forCurrentThread: MockStack {
        if let stack = current { return stack }
        let stack = MockStack()
        Thread.current.threadDictionary[key] = stack
        return stack
    }
}
