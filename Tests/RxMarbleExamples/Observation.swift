import Observation
import RxCore
import RxObservation
import RxOperators

/// The model the observation example writes to and reads from.
@Observable final class MarbleModel {
    var value = "0"
}

extension MarbleExample {
    /// The transaction rule of `Docs/Observation.md`: writes made before the scheduled read give
    /// one element, the value after them, a tick after the first (the test scheduler's
    /// processing delay).
    static let observation: [MarbleExample] = [
        MarbleExample(
            .creating, "observations", heading: "The transaction rule", document: "Docs/Observation.md",
            call: "Observable.observations(scheduler: s) { model.value }",
            inputs: [.hot("model.value =", "--a--(bc)--d--")], expected: "-0-a--c--d--", ticksPerFrame: 1
        ) { context in
            let model = MarbleModel()
            context.disposeAtEnd(context["model.value ="].subscribe(onNext: { model.value = $0 }))
            return Observable.observations(scheduler: context.scheduler) { model.value }
        }
    ]
}
