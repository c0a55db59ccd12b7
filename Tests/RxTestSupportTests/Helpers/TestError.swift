/// The error the tests send through observables and marble diagrams.
enum TestError: Error, Equatable {
    case boom
    case other
}
