import Foundation
import RxCore
import RxOperators
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSession: ReactiveCompatible {}

/// Why a request made through `URLSession.rx` failed, when the session itself reported no error.
public enum RxCocoaURLError: Swift.Error, CustomDebugStringConvertible {
    /// The session gave neither a response nor an error.
    case unknown
    /// The response is not an HTTP response.
    case nonHTTPResponse(response: URLResponse)
    /// The HTTP status is outside 200..<300; `data` is the body that came with it.
    case httpRequestFailed(response: HTTPURLResponse, data: Data?)
    /// The body could not be read as JSON; `error` says why.
    case deserializationError(error: any Swift.Error)

    /// A sentence describing the failure.
    public var debugDescription: String {
        switch self {
        case .unknown:
            "The request ended with neither a response nor an error."
        case .nonHTTPResponse(let response):
            "The response is not an HTTP response: \(response)."
        case .httpRequestFailed(let response, _):
            "The request failed with HTTP status \(response.statusCode)."
        case .deserializationError(let error):
            "The response could not be read as JSON: \(error)"
        }
    }
}

extension Reactive where Base: URLSession {
    /// The HTTP response and body of `request`, then completion; the request starts when a
    /// subscriber subscribes (one request per subscriber) and is cancelled on disposal.
    ///
    /// Fails with the session's error, ``RxCocoaURLError/nonHTTPResponse(response:)`` when the
    /// response is not HTTP, or ``RxCocoaURLError/unknown`` when there is neither.
    public func response(request: URLRequest) -> Observable<(response: HTTPURLResponse, data: Data)> {
        let session = base
        return Observable.create(
            { observer in
                let logs = Reactive<URLSession>.shouldLogRequest(request)
                let start = Date()
                // The session calls the handler once, on its delegate queue.
                let observer = UncheckedSendable(observer)
                let task = session.dataTask(with: request) { data, response, error in
                    if logs {
                        printRequestLog(request, response: response, error: error, since: start)
                    }
                    switch urlSessionOutcome(data: data, response: response, error: error) {
                    case .success(let pair):
                        observer.value.on(.next(pair))
                        observer.value.on(.completed)
                    case .failure(let error):
                        observer.value.on(.error(error))
                    }
                }
                task.resume()
                return Disposables.create { task.cancel() }
            }, isolation: nil)
    }

    /// The body of `request`'s response, then completion. Fails as ``response(request:)`` does,
    /// and with ``RxCocoaURLError/httpRequestFailed(response:data:)`` when the status is
    /// outside 200..<300.
    public func data(request: URLRequest) -> Observable<Data> {
        response(request: request).map({ try successfulBody($0.response, $0.data) }, isolation: nil)
    }

    /// The body of `request`'s response read as JSON (`JSONSerialization`, with `options`), then
    /// completion. Fails as ``data(request:)`` does, and with
    /// ``RxCocoaURLError/deserializationError(error:)`` when the body is not JSON.
    public func json(request: URLRequest, options: JSONSerialization.ReadingOptions = []) -> Observable<Any> {
        data(request: request).map({ try jsonObject($0, options: options) }, isolation: nil)
    }

    /// The body of a GET of `url`, read as JSON: ``json(request:options:)``.
    public func json(url: URL) -> Observable<Any> {
        json(request: URLRequest(url: url))
    }
}

extension Reactive where Base == URLSession {
    /// Whether a request made through `URLSession.rx` is printed, as a `curl` command with the
    /// outcome, when it ends. By default, yes in debug builds and no in release builds.
    public static var shouldLogRequest: @Sendable (URLRequest) -> Bool {
        get { requestLogging.withLock { $0 } }
        set { requestLogging.withLock { $0 = newValue } }
    }
}

private let requestLogging = Mutex<@Sendable (URLRequest) -> Bool>({ _ in
    #if DEBUG
        true
    #else
        false
    #endif
})

/// What a data task's completion handler received, as the element or the error to send.
func urlSessionOutcome(data: Data?, response: URLResponse?, error: (any Swift.Error)?) -> Result<
    (response: HTTPURLResponse, data: Data), any Swift.Error
> {
    guard let response, let data else {
        return .failure(error ?? RxCocoaURLError.unknown)
    }
    guard let httpResponse = response as? HTTPURLResponse else {
        return .failure(RxCocoaURLError.nonHTTPResponse(response: response))
    }
    return .success((httpResponse, data))
}

/// `data` when `response`'s status is a success (200..<300); otherwise the error.
func successfulBody(_ response: HTTPURLResponse, _ data: Data) throws -> Data {
    guard 200..<300 ~= response.statusCode else {
        throw RxCocoaURLError.httpRequestFailed(response: response, data: data)
    }
    return data
}

/// `data` read as JSON; a failure becomes ``RxCocoaURLError/deserializationError(error:)``.
func jsonObject(_ data: Data, options: JSONSerialization.ReadingOptions) throws -> Any {
    do {
        return try JSONSerialization.jsonObject(with: data, options: options)
    } catch {
        throw RxCocoaURLError.deserializationError(error: error)
    }
}

/// Prints `request` as a `curl` command and how it ended.
private func printRequestLog(
    _ request: URLRequest, response: URLResponse?, error: (any Swift.Error)?, since start: Date
) {
    let milliseconds = Int(Date().timeIntervalSince(start) * 1000)
    var command = "curl -X \(request.httpMethod ?? "GET") "
    if let body = request.httpBody.flatMap({ String(data: $0, encoding: .utf8) }) {
        command += "-d \"\(escapedForShell(body))\" "
    }
    for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
        command += "\n    -H \"\(escapedForShell(name)): \(escapedForShell(value))\" "
    }
    command += "\n\"\(escapedForShell(request.url?.absoluteString ?? "<unknown url>"))\" -i -v"
    print(command)
    let outcome: String
    if let http = response as? HTTPURLResponse {
        outcome =
            "\(200..<300 ~= http.statusCode ? "Success" : "Failure") (\(milliseconds)ms): Status \(http.statusCode)"
    } else if let error {
        let nsError = error as NSError
        outcome =
            nsError.domain == NSURLErrorDomain && nsError.code == NSURLErrorCancelled
            ? "Canceled (\(milliseconds)ms)" : "Failure (\(milliseconds)ms): \(nsError)"
    } else {
        outcome = "<Unhandled response from server>"
    }
    print(outcome)
}

private func escapedForShell(_ text: String) -> String {
    text.replacingOccurrences(of: "\"", with: "\\\"")
}
