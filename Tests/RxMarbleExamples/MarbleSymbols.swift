extension MarbleDocuments {
    /// The DocC symbol (a member of `RxCore/ObservableType`) whose page shows each example's
    /// picture, by example name. Examples of the traits' own operators and of subjects are shown
    /// only in the DocC gallery article, whose links need no disambiguation.
    public static let symbols: [String: String] = [
        "create": "create(_:isolation:file:line:)", "just": "just(_:)", "just-scheduler": "just(_:scheduler:)",
        "empty": "empty()", "never": "never()", "error": "error(_:)", "deferred": "deferred(_:isolation:file:line:)",
        "of": "of(_:scheduler:)", "from": "from(_:scheduler:)-([Self.Element],_)", "from-optional": "from(optional:)",
        "range": "range(start:count:scheduler:)",
        "generate": "generate(initialState:condition:scheduler:iterate:isolation:file:line:)",
        "repeatElement": "repeatElement(_:scheduler:)", "using": "using(_:observableFactory:isolation:file:line:)",
        "timer": "timer(_:period:scheduler:)", "timer-period": "timer(_:period:scheduler:)",
        "interval": "interval(_:scheduler:)", "debounce": "debounce(_:scheduler:)",
        "throttle": "throttle(_:latest:scheduler:)", "throttle-first": "throttle(_:latest:scheduler:)",
        "take-for": "take(for:scheduler:)", "skip-for": "skip(_:scheduler:)",
        "delaySubscription": "delaySubscription(_:scheduler:)", "buffer": "buffer(timeSpan:count:scheduler:)",
        "window": "window(timeSpan:count:scheduler:)", "delay": "delay(_:scheduler:)",
        "timeout": "timeout(_:scheduler:)", "timeout-other": "timeout(_:other:scheduler:)",
        "map": "map(_:isolation:file:line:)", "compactMap": "compactMap(_:isolation:file:line:)",
        "scan": "scan(_:accumulator:isolation:file:line:)", "scan-into": "scan(into:accumulator:isolation:file:line:)",
        "reduce": "reduce(_:accumulator:isolation:file:line:)", "enumerated": "enumerated()",
        "materialize": "materialize()",
        "dematerialize": "dematerialize()", "decode": "decode(type:decoder:)",
        "withUnretained": "withUnretained(_:resultSelector:isolation:file:line:)",
        "groupBy": "groupBy(keySelector:isolation:file:line:)", "filter": "filter(_:isolation:file:line:)",
        "take": "take(_:)",
        "take-while": "take(while:behavior:isolation:file:line:)",
        "take-while-inclusive": "take(while:behavior:isolation:file:line:)",
        "skip": "skip(_:)", "distinctUntilChanged": "distinctUntilChanged()",
        "distinctUntilChanged-key":
            "distinctUntilChanged(_:isolation:file:line:)-((Self.Element)->Equatable,_,StaticString,UInt)",
        "elementAt": "element(at:)", "ignoreElements": "ignoreElements()", "takeLast": "takeLast(_:)",
        "skip-while": "skip(while:isolation:file:line:)", "single": "single()",
        "single-predicate": "single(_:isolation:file:line:)",
        "ifEmpty-default": "ifEmpty(default:)", "ifEmpty-switchTo": "ifEmpty(switchTo:)",
        "merge": "merge(_:)-(Observable<Self.Element>...)", "merge-maxConcurrent": "merge(maxConcurrent:)",
        "flatMap": "flatMap(_:isolation:file:line:)", "flatMapFirst": "flatMapFirst(_:isolation:file:line:)",
        "concat": "concat(_:)-(Observable<Self.Element>...)", "concatMap": "concatMap(_:isolation:file:line:)",
        "flatMapLatest": "flatMapLatest(_:isolation:file:line:)-38s0q", "switchLatest": "switchLatest()",
        "combineLatest": "combineLatest(_:_:resultSelector:isolation:file:line:)",
        "zip": "zip(_:_:resultSelector:isolation:file:line:)", "withLatestFrom": "withLatestFrom(_:)",
        "withLatestFrom-selector": "withLatestFrom(_:resultSelector:isolation:file:line:)",
        "startWith": "startWith(_:)",
        "take-until": "take(until:)", "take-until-predicate": "take(until:behavior:isolation:file:line:)",
        "skip-until": "skip(until:)", "sample": "sample(_:defaultValue:)", "amb": "amb(_:)-type.method",
        "catch": "catch(_:isolation:file:line:)", "catchAndReturn": "catchAndReturn(_:)",
        "catch-sequence": "catch(sequence:)",
        "retry": "retry(_:)", "retry-forever": "retry()", "retry-when": "retry(when:isolation:file:line:)-9ag3c",
        "do":
            "do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:isolation:file:line:)",
        "share-replay": "share(replay:scope:)", "publish": "publish()", "replay": "replay(_:)",
        "replayAll": "replayAll()", "multicast": "multicast(makeSubject:isolation:file:line:)",
        "multicast-selector": "multicast(_:selector:isolation:file:line:)", "observeOn": "observe(on:)",
        "subscribeOn": "subscribe(on:)", "asSingle": "asSingle()", "asSingle-two": "asSingle()",
        "asMaybe": "asMaybe()", "asCompletable": "asCompletable()", "first": "first()", "toArray": "toArray()",
    ]

    /// The folder of the DocC extension files that add the pictures to the symbols' pages.
    public static let doccSymbolFolder = "Sources/RxOperators/RxOperators.docc/Marbles"

    /// The DocC extension files, by path: one per symbol, whose content DocC appends to the
    /// symbol's page (its default for an extension file).
    public static func doccSymbolPages(_ examples: [MarbleExample]) -> [(path: String, text: String)] {
        var order: [String] = []
        var bySymbol: [String: [MarbleExample]] = [:]
        for example in examples {
            guard let symbol = symbols[example.name] else { continue }
            if bySymbol[symbol] == nil { order.append(symbol) }
            bySymbol[symbol, default: []].append(example)
        }
        return order.map { symbol in
            let members = bySymbol[symbol] ?? []
            var text = """
                # ``RxCore/ObservableType/\(symbol)``

                <!-- Generated by `swift run rx-marbles` from the examples in Tests/RxMarbleExamples; do not edit. -->

                ## Marble diagram


                """
            for example in members {
                text += "![\(altText(example))](marble-\(example.name).svg)\n\n"
            }
            return ("\(doccSymbolFolder)/\(members[0].name).md", text)
        }
    }
}
