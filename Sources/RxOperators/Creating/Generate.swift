import RxCore
import RxDisposables
import RxSchedulers

extension ObservableType {
    /// A sequence of states: `initialState`, then each next state made by `iterate` from the one
    /// before, for as long as `condition` holds; it completes at the first state that fails
    /// `condition`. One state per action on `scheduler`.
    ///
    /// An error thrown by `condition` or `iterate` is sent as `error`. On the default
    /// ``/RxCore/CurrentThreadScheduler`` the states take turns with other work queued on the
    /// thread's trampoline.
    public static func generate(
        initialState: Element, condition: @escaping (Element) throws -> Bool,
        scheduler: any ImmediateSchedulerType = CurrentThreadScheduler.instance,
        iterate: @escaping (Element) throws -> Element,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let condition =
            handlerIsolation.isNonisolated ? condition : handlerIsolation.guarding(condition, "generate(condition:)")
        let iterate =
            handlerIsolation.isNonisolated ? iterate : handlerIsolation.guarding(iterate, "generate(iterate:)")
        return Generate(initialState: initialState, condition: condition, iterate: iterate, scheduler: scheduler)
    }
}

/// The producer behind `generate(initialState:condition:scheduler:iterate:)`.
final class Generate<Element>: Producer<Element> {
    private let initialState: Element
    private let condition: (Element) throws -> Bool
    private let iterate: (Element) throws -> Element
    private let scheduler: any ImmediateSchedulerType

    init(
        initialState: Element, condition: @escaping (Element) throws -> Bool,
        iterate: @escaping (Element) throws -> Element, scheduler: any ImmediateSchedulerType
    ) {
        self.initialState = initialState
        self.condition = condition
        self.iterate = iterate
        self.scheduler = scheduler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = GenerateSink(
            state: initialState, condition: condition, iterate: iterate, observer: observer, cancel: cancel)
        return sink.holding(sink.run(on: scheduler))
    }
}

/// Steps from state to state.
///
/// Only the steps, one at a time, touch the state.
final class GenerateSink<Observer: ObserverType>: SteppingSink<Observer> {
    typealias Element = Observer.Element

    private let condition: (Element) throws -> Bool
    private let iterate: (Element) throws -> Element
    private var state: Element
    private var isFirst = true

    init(
        state: Element, condition: @escaping (Element) throws -> Bool, iterate: @escaping (Element) throws -> Element,
        observer: Observer, cancel: any Cancelable
    ) {
        self.state = state
        self.condition = condition
        self.iterate = iterate
        super.init(observer: observer, cancel: cancel)
    }

    override func emitNext() -> Bool {
        do {
            if isFirst {
                isFirst = false
            } else {
                state = try iterate(state)
            }
            guard try condition(state) else {
                forwardCompletedAndDispose()
                return false
            }
        } catch {
            forwardErrorAndDispose(error)
            return false
        }
        forwardNext(state)
        return true
    }
}
