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
