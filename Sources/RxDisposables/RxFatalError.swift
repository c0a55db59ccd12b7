/// Stops the program for a broken invariant, with a message that names what was misused.
///
/// Shared by every module of the package so that programmer errors read alike.
@usableFromInline
package func rxFatalError(_ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) -> Never
{
    fatalError("RxSwiftModular: \(message())", file: file, line: line)
}

/// Stops the program when an abstract method of a base class was not overridden.
package func rxAbstractMethod(file: StaticString = #file, line: UInt = #line) -> Never {
    rxFatalError("an abstract method was called; the subclass must override it", file: file, line: line)
}

/// Stops the program with `message` when `condition` is false, in every build configuration:
/// Swift's `precondition` keeps its message in debug builds only, and a documented stop must
/// say what was misused wherever it happens.
package func rxPrecondition(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #file,
    line: UInt = #line
) {
    if !condition() {
        rxFatalError(message(), file: file, line: line)
    }
}
