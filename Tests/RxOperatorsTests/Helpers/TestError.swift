/// Errors the tests send and throw, told apart by case.
enum TestError: Error {
    case boom
    case other
}
