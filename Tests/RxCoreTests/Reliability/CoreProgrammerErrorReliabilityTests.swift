import RxCore
import RxRelay
import RxTestSupport
import Testing

/// The abstract members of the core stop the program with a message that says what is missing.
/// Each misuse runs in a child process.
@Suite(.leakChecked)
struct CoreProgrammerErrorReliabilityTests {
    static let abstractMessage = "RxSwiftModular: an abstract method was called; the subclass must override it"

    @Test func subscribingToTheBaseObservableStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Observable<Int>().subscribe { _ in }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains(Self.abstractMessage))
    }

    @Test func aProducerWithoutRunStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Producer<Int>().subscribe { _ in }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains(Self.abstractMessage))
    }

    @Test func anObserverBaseWithoutOnCoreStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            ObserverBase<Int>().onNext(1)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains(Self.abstractMessage))
    }

    @Test func aSinkGivenASecondUpstreamStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let sink = Sink(observer: AnyObserver<Int> { _ in }, cancel: SinkDisposer())
            _ = sink.holding(Disposables.create())
            _ = sink.holding(Disposables.create())
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Sink.holdUpstream(_:) was called a second time"))
    }

    @Test func aDisposedSinkGivenASecondUpstreamStops() async {
        // A sink disposed first takes its upstream without storing it; a second one still stops.
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let sink = Sink(observer: AnyObserver<Int> { _ in }, cancel: SinkDisposer())
            sink.dispose()
            _ = sink.holding(Disposables.create())
            _ = sink.holding(Disposables.create())
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Sink.holdUpstream(_:) was called a second time"))
    }

    @Test func aNegativeReplayBufferSizeStops() async {
        let subject = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ReplaySubject<Int>.create(bufferSize: -1)
        }
        let relay = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ReplayRelay<Int>.create(bufferSize: -2)
        }
        let subjectMessage = String(decoding: subject?.standardErrorContent ?? [], as: UTF8.self)
        let relayMessage = String(decoding: relay?.standardErrorContent ?? [], as: UTF8.self)
        #expect(subjectMessage.contains("ReplaySubject.create(bufferSize:): bufferSize must not be negative, got -1"))
        #expect(relayMessage.contains("ReplayRelay.create(bufferSize:): bufferSize must not be negative, got -2"))
    }

    #if DEBUG
        @Test func bindingAnErrorToARelayStops() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = Observable<Int>.failing(RxError.unknown).bind(to: PublishRelay<Int>())
            }
            let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(message.contains("Binding error to a relay: Unknown error occurred."))
            #expect(message.contains("handle the error before bind(to:)"))
        }
    #endif
}

extension Observable {
    /// A sequence that fails at once with `error`, for tests of RxCore, which has no `error(_:)`
    /// operator.
    fileprivate static func failing(_ error: any Swift.Error) -> Observable<Element> {
        let subject = PublishSubject<Element>()
        subject.onError(error)
        return subject.asObservable()
    }
}
