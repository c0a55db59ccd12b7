import RxCore

// `zip` of two to eight `Single`s or `Maybe`s, each the observable `zip` of the sequences underneath.
// Written out by arity, as RxSwift declares them.

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Of two `Single`s, subscribed to at once: the result of `resultSelector` on their elements once all
    /// succeed. It fails with the first failure, disposing the others. An error thrown by `resultSelector` is sent as the failure.
    public static func zip<E1, E2>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        resultSelector: @escaping (E1, E2) throws -> Element, isolation: isolated (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(source1.source, source2.source, resultSelector: resultSelector, isolation: isolation))
    }

    /// RxSwift's spelling of `zip(_:_:resultSelector:isolation:)`, kept for references by this name (such as
    /// `zip(_:_:resultSelector:)` passed as a function); a call picks the other, which checks the
    /// closures' isolation. This one checks none.
    @_disfavoredOverload
    public static func zip<E1, E2>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        resultSelector: @escaping (E1, E2) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        Self.zip(source1, source2, resultSelector: resultSelector, isolation: nil)
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == SingleTrait {
    /// Of two `Single`s, subscribed to at once: their elements as a tuple once all succeed. It
    /// fails with the first failure, disposing the others.
    public static func zip<E1, E2>(_ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>)
        -> PrimitiveSequence<Trait, (E1, E2)>
    {
        PrimitiveSequence<Trait, (E1, E2)>(raw: Observable.zip(source1.source, source2.source))
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Of three `Single`s, subscribed to at once: the result of `resultSelector` on their elements once all
    /// succeed. It fails with the first failure, disposing the others. An error thrown by `resultSelector` is sent as the failure.
    public static func zip<E1, E2, E3>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        resultSelector: @escaping (E1, E2, E3) throws -> Element, isolation: isolated (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, resultSelector: resultSelector, isolation: isolation))
    }

    /// RxSwift's spelling of `zip(_:_:_:resultSelector:isolation:)`, kept for references by this name (such as
    /// `zip(_:_:_:resultSelector:)` passed as a function); a call picks the other, which checks the
    /// closures' isolation. This one checks none.
    @_disfavoredOverload
    public static func zip<E1, E2, E3>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, resultSelector: @escaping (E1, E2, E3) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        Self.zip(source1, source2, source3, resultSelector: resultSelector, isolation: nil)
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == SingleTrait {
    /// Of three `Single`s, subscribed to at once: their elements as a tuple once all succeed. It
    /// fails with the first failure, disposing the others.
    public static func zip<E1, E2, E3>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3)> {
        PrimitiveSequence<Trait, (E1, E2, E3)>(raw: Observable.zip(source1.source, source2.source, source3.source))
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Of four `Single`s, subscribed to at once: the result of `resultSelector` on their elements once all
    /// succeed. It fails with the first failure, disposing the others. An error thrown by `resultSelector` is sent as the failure.
    public static func zip<E1, E2, E3, E4>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        resultSelector: @escaping (E1, E2, E3, E4) throws -> Element, isolation: isolated (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, resultSelector: resultSelector,
                isolation: isolation))
    }

    /// RxSwift's spelling of `zip(_:_:_:_:resultSelector:isolation:)`, kept for references by this name (such as
    /// `zip(_:_:_:_:resultSelector:)` passed as a function); a call picks the other, which checks the
    /// closures' isolation. This one checks none.
    @_disfavoredOverload
    public static func zip<E1, E2, E3, E4>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        resultSelector: @escaping (E1, E2, E3, E4) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        Self.zip(source1, source2, source3, source4, resultSelector: resultSelector, isolation: nil)
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == SingleTrait {
    /// Of four `Single`s, subscribed to at once: their elements as a tuple once all succeed. It
    /// fails with the first failure, disposing the others.
    public static func zip<E1, E2, E3, E4>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4)> {
        PrimitiveSequence<Trait, (E1, E2, E3, E4)>(
            raw: Observable.zip(source1.source, source2.source, source3.source, source4.source))
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Of five `Single`s, subscribed to at once: the result of `resultSelector` on their elements once all
    /// succeed. It fails with the first failure, disposing the others. An error thrown by `resultSelector` is sent as the failure.
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element, isolation: isolated (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source,
                resultSelector: resultSelector, isolation: isolation))
    }

    /// RxSwift's spelling of `zip(_:_:_:_:_:resultSelector:isolation:)`, kept for references by this name (such as
    /// `zip(_:_:_:_:_:resultSelector:)` passed as a function); a call picks the other, which checks the
    /// closures' isolation. This one checks none.
    @_disfavoredOverload
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        Self.zip(source1, source2, source3, source4, source5, resultSelector: resultSelector, isolation: nil)
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == SingleTrait {
    /// Of five `Single`s, subscribed to at once: their elements as a tuple once all succeed. It
    /// fails with the first failure, disposing the others.
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5)> {
        PrimitiveSequence<Trait, (E1, E2, E3, E4, E5)>(
            raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source))
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Of six `Single`s, subscribed to at once: the result of `resultSelector` on their elements once all
    /// succeed. It fails with the first failure, disposing the others. An error thrown by `resultSelector` is sent as the failure.
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source,
                resultSelector: resultSelector, isolation: isolation))
    }

    /// RxSwift's spelling of `zip(_:_:_:_:_:_:resultSelector:isolation:)`, kept for references by this name (such as
    /// `zip(_:_:_:_:_:_:resultSelector:)` passed as a function); a call picks the other, which checks the
    /// closures' isolation. This one checks none.
    @_disfavoredOverload
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        Self.zip(source1, source2, source3, source4, source5, source6, resultSelector: resultSelector, isolation: nil)
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == SingleTrait {
    /// Of six `Single`s, subscribed to at once: their elements as a tuple once all succeed. It
    /// fails with the first failure, disposing the others.
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6)> {
        PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6)>(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source))
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Of seven `Single`s, subscribed to at once: the result of `resultSelector` on their elements once all
    /// succeed. It fails with the first failure, disposing the others. An error thrown by `resultSelector` is sent as the failure.
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source,
                source7.source, resultSelector: resultSelector, isolation: isolation))
    }

    /// RxSwift's spelling of `zip(_:_:_:_:_:_:_:resultSelector:isolation:)`, kept for references by this name (such as
    /// `zip(_:_:_:_:_:_:_:resultSelector:)` passed as a function); a call picks the other, which checks the
    /// closures' isolation. This one checks none.
    @_disfavoredOverload
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        Self.zip(
            source1, source2, source3, source4, source5, source6, source7, resultSelector: resultSelector,
            isolation: nil)
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == SingleTrait {
    /// Of seven `Single`s, subscribed to at once: their elements as a tuple once all succeed. It
    /// fails with the first failure, disposing the others.
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7)> {
        PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7)>(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source,
                source7.source))
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Of eight `Single`s, subscribed to at once: the result of `resultSelector` on their elements once all
    /// succeed. It fails with the first failure, disposing the others. An error thrown by `resultSelector` is sent as the failure.
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>, _ source8: PrimitiveSequence<Trait, E8>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source,
                source7.source, source8.source, resultSelector: resultSelector, isolation: isolation))
    }

    /// RxSwift's spelling of `zip(_:_:_:_:_:_:_:_:resultSelector:isolation:)`, kept for references by this name (such as
    /// `zip(_:_:_:_:_:_:_:_:resultSelector:)` passed as a function); a call picks the other, which checks the
    /// closures' isolation. This one checks none.
    @_disfavoredOverload
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>, _ source8: PrimitiveSequence<Trait, E8>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        Self.zip(
            source1, source2, source3, source4, source5, source6, source7, source8, resultSelector: resultSelector,
            isolation: nil)
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == SingleTrait {
    /// Of eight `Single`s, subscribed to at once: their elements as a tuple once all succeed. It
    /// fails with the first failure, disposing the others.
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>, _ source8: PrimitiveSequence<Trait, E8>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7, E8)> {
        PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7, E8)>(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source,
                source7.source, source8.source))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Of two `Maybe`s, subscribed to at once: the result of `resultSelector` on their elements once all
    /// succeed. It fails with the first error, disposing the others; completes without an element when one of them does, once `Observable.zip` sees that no tuple can be made. An error thrown by `resultSelector` is sent as the failure.
    public static func zip<E1, E2>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        resultSelector: @escaping (E1, E2) throws -> Element, isolation: isolated (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(source1.source, source2.source, resultSelector: resultSelector, isolation: isolation))
    }

    /// RxSwift's spelling of `zip(_:_:resultSelector:isolation:)`, kept for references by this name (such as
    /// `zip(_:_:resultSelector:)` passed as a function); a call picks the other, which checks the
    /// closures' isolation. This one checks none.
    @_disfavoredOverload
    public static func zip<E1, E2>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        resultSelector: @escaping (E1, E2) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        Self.zip(source1, source2, resultSelector: resultSelector, isolation: nil)
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == MaybeTrait {
    /// Of two `Maybe`s, subscribed to at once: their elements as a tuple once all succeed. It
    /// fails with the first error, disposing the others; completes without an element when one of them does, once `Observable.zip` sees that no tuple can be made.
    public static func zip<E1, E2>(_ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>)
        -> PrimitiveSequence<Trait, (E1, E2)>
    {
        PrimitiveSequence<Trait, (E1, E2)>(raw: Observable.zip(source1.source, source2.source))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Of three `Maybe`s, subscribed to at once: the result of `resultSelector` on their elements once all
    /// succeed. It fails with the first error, disposing the others; completes without an element when one of them does, once `Observable.zip` sees that no tuple can be made. An error thrown by `resultSelector` is sent as the failure.
    public static func zip<E1, E2, E3>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        resultSelector: @escaping (E1, E2, E3) throws -> Element, isolation: isolated (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, resultSelector: resultSelector, isolation: isolation))
    }

    /// RxSwift's spelling of `zip(_:_:_:resultSelector:isolation:)`, kept for references by this name (such as
    /// `zip(_:_:_:resultSelector:)` passed as a function); a call picks the other, which checks the
    /// closures' isolation. This one checks none.
    @_disfavoredOverload
    public static func zip<E1, E2, E3>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, resultSelector: @escaping (E1, E2, E3) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        Self.zip(source1, source2, source3, resultSelector: resultSelector, isolation: nil)
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == MaybeTrait {
    /// Of three `Maybe`s, subscribed to at once: their elements as a tuple once all succeed. It
    /// fails with the first error, disposing the others; completes without an element when one of them does, once `Observable.zip` sees that no tuple can be made.
    public static func zip<E1, E2, E3>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3)> {
        PrimitiveSequence<Trait, (E1, E2, E3)>(raw: Observable.zip(source1.source, source2.source, source3.source))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Of four `Maybe`s, subscribed to at once: the result of `resultSelector` on their elements once all
    /// succeed. It fails with the first error, disposing the others; completes without an element when one of them does, once `Observable.zip` sees that no tuple can be made. An error thrown by `resultSelector` is sent as the failure.
    public static func zip<E1, E2, E3, E4>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        resultSelector: @escaping (E1, E2, E3, E4) throws -> Element, isolation: isolated (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, resultSelector: resultSelector,
                isolation: isolation))
    }

    /// RxSwift's spelling of `zip(_:_:_:_:resultSelector:isolation:)`, kept for references by this name (such as
    /// `zip(_:_:_:_:resultSelector:)` passed as a function); a call picks the other, which checks the
    /// closures' isolation. This one checks none.
    @_disfavoredOverload
    public static func zip<E1, E2, E3, E4>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        resultSelector: @escaping (E1, E2, E3, E4) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        Self.zip(source1, source2, source3, source4, resultSelector: resultSelector, isolation: nil)
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == MaybeTrait {
    /// Of four `Maybe`s, subscribed to at once: their elements as a tuple once all succeed. It
    /// fails with the first error, disposing the others; completes without an element when one of them does, once `Observable.zip` sees that no tuple can be made.
    public static func zip<E1, E2, E3, E4>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4)> {
        PrimitiveSequence<Trait, (E1, E2, E3, E4)>(
            raw: Observable.zip(source1.source, source2.source, source3.source, source4.source))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Of five `Maybe`s, subscribed to at once: the result of `resultSelector` on their elements once all
    /// succeed. It fails with the first error, disposing the others; completes without an element when one of them does, once `Observable.zip` sees that no tuple can be made. An error thrown by `resultSelector` is sent as the failure.
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element, isolation: isolated (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source,
                resultSelector: resultSelector, isolation: isolation))
    }

    /// RxSwift's spelling of `zip(_:_:_:_:_:resultSelector:isolation:)`, kept for references by this name (such as
    /// `zip(_:_:_:_:_:resultSelector:)` passed as a function); a call picks the other, which checks the
    /// closures' isolation. This one checks none.
    @_disfavoredOverload
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        Self.zip(source1, source2, source3, source4, source5, resultSelector: resultSelector, isolation: nil)
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == MaybeTrait {
    /// Of five `Maybe`s, subscribed to at once: their elements as a tuple once all succeed. It
    /// fails with the first error, disposing the others; completes without an element when one of them does, once `Observable.zip` sees that no tuple can be made.
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5)> {
        PrimitiveSequence<Trait, (E1, E2, E3, E4, E5)>(
            raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Of six `Maybe`s, subscribed to at once: the result of `resultSelector` on their elements once all
    /// succeed. It fails with the first error, disposing the others; completes without an element when one of them does, once `Observable.zip` sees that no tuple can be made. An error thrown by `resultSelector` is sent as the failure.
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source,
                resultSelector: resultSelector, isolation: isolation))
    }

    /// RxSwift's spelling of `zip(_:_:_:_:_:_:resultSelector:isolation:)`, kept for references by this name (such as
    /// `zip(_:_:_:_:_:_:resultSelector:)` passed as a function); a call picks the other, which checks the
    /// closures' isolation. This one checks none.
    @_disfavoredOverload
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        Self.zip(source1, source2, source3, source4, source5, source6, resultSelector: resultSelector, isolation: nil)
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == MaybeTrait {
    /// Of six `Maybe`s, subscribed to at once: their elements as a tuple once all succeed. It
    /// fails with the first error, disposing the others; completes without an element when one of them does, once `Observable.zip` sees that no tuple can be made.
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6)> {
        PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6)>(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Of seven `Maybe`s, subscribed to at once: the result of `resultSelector` on their elements once all
    /// succeed. It fails with the first error, disposing the others; completes without an element when one of them does, once `Observable.zip` sees that no tuple can be made. An error thrown by `resultSelector` is sent as the failure.
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source,
                source7.source, resultSelector: resultSelector, isolation: isolation))
    }

    /// RxSwift's spelling of `zip(_:_:_:_:_:_:_:resultSelector:isolation:)`, kept for references by this name (such as
    /// `zip(_:_:_:_:_:_:_:resultSelector:)` passed as a function); a call picks the other, which checks the
    /// closures' isolation. This one checks none.
    @_disfavoredOverload
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        Self.zip(
            source1, source2, source3, source4, source5, source6, source7, resultSelector: resultSelector,
            isolation: nil)
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == MaybeTrait {
    /// Of seven `Maybe`s, subscribed to at once: their elements as a tuple once all succeed. It
    /// fails with the first error, disposing the others; completes without an element when one of them does, once `Observable.zip` sees that no tuple can be made.
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7)> {
        PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7)>(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source,
                source7.source))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Of eight `Maybe`s, subscribed to at once: the result of `resultSelector` on their elements once all
    /// succeed. It fails with the first error, disposing the others; completes without an element when one of them does, once `Observable.zip` sees that no tuple can be made. An error thrown by `resultSelector` is sent as the failure.
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>, _ source8: PrimitiveSequence<Trait, E8>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source,
                source7.source, source8.source, resultSelector: resultSelector, isolation: isolation))
    }

    /// RxSwift's spelling of `zip(_:_:_:_:_:_:_:_:resultSelector:isolation:)`, kept for references by this name (such as
    /// `zip(_:_:_:_:_:_:_:_:resultSelector:)` passed as a function); a call picks the other, which checks the
    /// closures' isolation. This one checks none.
    @_disfavoredOverload
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>, _ source8: PrimitiveSequence<Trait, E8>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        Self.zip(
            source1, source2, source3, source4, source5, source6, source7, source8, resultSelector: resultSelector,
            isolation: nil)
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == MaybeTrait {
    /// Of eight `Maybe`s, subscribed to at once: their elements as a tuple once all succeed. It
    /// fails with the first error, disposing the others; completes without an element when one of them does, once `Observable.zip` sees that no tuple can be made.
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>, _ source8: PrimitiveSequence<Trait, E8>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7, E8)> {
        PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7, E8)>(
            raw: Observable.zip(
                source1.source, source2.source, source3.source, source4.source, source5.source, source6.source,
                source7.source, source8.source))
    }
}
