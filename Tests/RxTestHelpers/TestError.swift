/// The errors the tests send through observables, throw from closures and draw in marble
/// diagrams, told apart by case.
public enum TestError: Error, Equatable {
    case boom
    case other
}
