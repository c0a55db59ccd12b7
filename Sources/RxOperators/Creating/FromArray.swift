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
/// Only the steps, one at a time, touch `index`, so it skips the runtime's exclusivity checks.
final class FromArraySink<Element, Observer: ObserverType>: SteppingSink<Observer>
where Observer.Element == Element {
    private let elements: [Element]
    @exclusivity(unchecked)
    private var index = 0

    init(elements: [Element], observer: Observer, cancel: any Cancelable) {
        self.elements = elements
        super.init(observer: observer, cancel: cancel)
    }

    // The trampoline's loop, over the array's buffer: reading an element there costs a copy,
    // where the array's own subscript, generic here, is a call into the standard library with a
    // bounds check, and `count` another.
    override func runSteps(queuingBehind turn: RepeatingTrampolineItem) {
        elements.withUnsafeBufferPointer { buffer in
            var position = index
            while position < buffer.count {
                index = position + 1
                forwardNext(buffer[position])
                position += 1
                if isDisposed {
                    return
                }
                if turn.hasQueuedWork {
                    turn.enqueue(self)
                    return
                }
            }
            forwardCompletedAndDispose()
        }
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
