import RxCore
import RxDisposables
import RxOperators

/// Recovering from errors: `retry` resubscribes from scratch, `catch` switches to a fallback,
/// `catchAndReturn` ends with a default, and `retry(when:)` lets a trigger decide.
let recoverySection = Section(
    name: "recovery",
    title: "error recovery with retry and catch",
    summary: "recovery: retry resubscribes from scratch; catch switches to a fallback sequence"
) {
    explain(
        "A failing request is a sequence that errors. retry(3) subscribes to it again each time it",
        "fails, three subscriptions in all, so the work runs again from the start; catch replaces",
        "the failed sequence with one made from the error; catchAndReturn ends with a default.",
        "retry(when:) hands the errors to a trigger that decides whether to go on."
    )
    struct ServiceUnavailable: Error {}
    final class Server {
        var calls = 0
    }
    let server = Server()
    // Fails on the first two calls, answers on the third.
    let request = Observable<String>.deferred {
        server.calls += 1
        show("request: call \(server.calls)")
        if server.calls < 3 {
            return .error(ServiceUnavailable())
        }
        return .just("200 OK")
    }

    _ = request.retry(3).subscribe(
        onNext: { show("retry(3) received \($0)") },
        onError: { show("retry(3) failed: \($0)") }
    )

    server.calls = 0
    _ = request.retry(2)
        .catch { error in
            show("catch: the second call failed too (\(error)); falling back to the cache")
            return .of("cached page")
        }
        .subscribe(onNext: { show("retry(2) + catch received \($0)") })

    server.calls = 0
    _ = request.catchAndReturn("default page")
        .subscribe(onNext: { show("catchAndReturn received \($0)") })

    server.calls = 0
    _ = request.retry(when: { (errors: Observable<any Error>) in
        errors.enumerated().map { attempt, _ in
            show("retry(when:): failure \(attempt + 1), asking again")
        }
    })
    .subscribe(onNext: { show("retry(when:) received \($0)") })
    print()
}
