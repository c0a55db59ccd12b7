import RxCore

extension Recorded {
    /// A `next(element)` event at `time`.
    public static func next<Element>(_ time: TestTime, _ element: Element) -> Recorded<Event<Element>>
    where Value == Event<Element> {
        Recorded(time: time, value: .next(element))
    }

    /// A `completed` event at `time`; `type` names the element type where nothing else does.
    public static func completed<Element>(_ time: TestTime, _ type: Element.Type = Element.self)
        -> Recorded<Event<Element>> where Value == Event<Element>
    {
        Recorded(time: time, value: .completed)
    }

    /// An `error(error)` event at `time`; `type` names the element type where nothing else does.
    public static func error<Element>(_ time: TestTime, _ error: any Swift.Error, _ type: Element.Type = Element.self)
        -> Recorded<Event<Element>> where Value == Event<Element>
    {
        Recorded(time: time, value: .error(error))
    }

    /// The arguments as an array, so that `Recorded.events(.next(210, 1), .completed(220))`
    /// fixes the element type once for the whole list.
    public static func events<Element>(_ recordedEvents: Recorded<Event<Element>>...) -> [Recorded<Event<Element>>]
    where Value == Event<Element> {
        recordedEvents
    }

    /// `recordedEvents` itself; spelled like the variadic form for symmetry.
    public static func events<Element>(_ recordedEvents: [Recorded<Event<Element>>]) -> [Recorded<Event<Element>>]
    where Value == Event<Element> {
        recordedEvents
    }
}
