import RxCore

extension InfallibleType {
    /// Sends an element only once `dueTime` has passed on `scheduler` with no newer one:
    /// `debounce(_:scheduler:)`.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().debounce(dueTime, scheduler: scheduler))
    }

    /// Sends at most one element per `dueTime` on `scheduler`, the first of each window and,
    /// when `latest`, the last one at its end: `throttle(_:latest:scheduler:)`.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: any SchedulerType)
        -> Infallible<Element>
    {
        Infallible(asObservable().throttle(dueTime, latest: latest, scheduler: scheduler))
    }

    /// Passes on elements for `duration` on `scheduler` from the subscription, then completes:
    /// `take(for:scheduler:)`.
    public func take(for duration: RxTimeInterval, scheduler: any SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().take(for: duration, scheduler: scheduler))
    }
}
