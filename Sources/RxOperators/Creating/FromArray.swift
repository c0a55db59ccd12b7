import RxCore
import RxDisposables
import RxSchedulers

/// The producer behind `of` and `from(_ array:scheduler:)`: the array is walked by index.
///
/// ``FromSequence`` would do, but its iterator, called through `IteratorProtocol` in
/// generic code, reads the array through a coroutine whose frame is allocated on every element,
/// and returns an `Optional` whose type metadata is looked up on every element.
final class FromArray<Element>: Producer<Element> {
    private let elements: [Element]
    private let scheduler: any ImmediateSchedulerType

    init(elements: [Element], scheduler: any ImmediateSchedulerType) {
        self.elements = elements
        self.scheduler = scheduler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = FromArraySink<Element, Observer>(elements: elements, observer: observer, cancel: cancel)
        return sink.holding(sink.run(on: scheduler))
    }
}

/// Steps through an array by index.
///
/// `Element` is a parameter of its own, not `Observer.Element`: reading the array then takes the
/// element's type from the sink's metadata instead of asking the runtime for an associated type.
final class FromArraySink<Element, Observer: ObserverType>: SteppingSink<Observer>
where Observer.Element == Element {
    private let elements: [Element]
    private var index = 0

    init(elements: [Element], observer: Observer, cancel: any Cancelable) {
        self.elements = elements
        super.init(observer: observer, cancel: cancel)
    }

    // The trampoline's loop, over the array's span: reading an element there is inlined, where
    // the array's own subscript, generic here, is a call into the standard library, and `count`
    // another. Apple's systems have an array's span from their 2025 releases on; before, the
    // loop reads the array.
    override func runSteps(queuingBehind turn: RepeatingTrampolineItem) {
        let elements = self.elements
        var position = index
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            let span = elements.span
            while position < span.count {
                index = position + 1
                forwardNext(span[position])
                position += 1
                if isDisposed {
                    return
                }
                if turn.hasQueuedWork {
                    turn.enqueue(self)
                    return
                }
            }
        } else {
            while position < elements.count {
                index = position + 1
                forwardNext(elements[position])
                position += 1
                if isDisposed {
                    return
                }
                if turn.hasQueuedWork {
                    turn.enqueue(self)
                    return
                }
            }
        }
        forwardCompletedAndDispose()
    }

    override func emitNext() -> Bool {
        let position = index
        guard position < elements.count else {
            forwardCompletedAndDispose()
            return false
        }
        index = position + 1
        forwardNext(elements[position])
        return true
    }
}
