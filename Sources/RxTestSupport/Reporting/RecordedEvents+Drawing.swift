import RxCore
import RxDiagrams

extension Array {
    /// Recorded events as a picture spells them: each element by `spell`, each error by its
    /// description.
    func drawn<Value>(spell: (Value) -> String) -> [MarbleDiagram.Event] where Element == Recorded<Event<Value>> {
        map { recorded in
            let value: MarbleDiagram.Event.Value =
                switch recorded.value {
                case .next(let element): .next(spell(element))
                case .error(let error): .error("\(error)")
                case .completed: .completed
                }
            return MarbleDiagram.Event(time: recorded.time, value: value)
        }
    }
}
