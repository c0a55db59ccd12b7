import OpenCombine
import Scenarios

extension MapFilterCreating {
    static func openCombine(chains: Int) -> Int {
        let step = Workload.step
        let sentinel = Workload.sentinel
        let total = Accumulator()
        for _ in 0..<chains {
            let subscription = Just(1)
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .sink { total.sum &+= $0 }
            subscription.cancel()
        }
        return total.sum
    }

    /// The same chain on `Just(1).eraseToAnyPublisher()`: type erasure keeps `Just` from folding
    /// the operators into itself, so the peer builds and subscribes all twelve stages. The
    /// target is set against this side; the `Just` side above is kept for information.
    static func openCombineErased(chains: Int) -> Int {
        let step = Workload.step
        let sentinel = Workload.sentinel
        let total = Accumulator()
        for _ in 0..<chains {
            let subscription = Just(1).eraseToAnyPublisher()
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .sink { total.sum &+= $0 }
            subscription.cancel()
        }
        return total.sum
    }

    /// The same chain on a `PassthroughSubject`. `Just` folds `map` and `filter` into new
    /// `Just`/`Optional` publishers while the chain is built, so the `Just` side subscribes one
    /// publisher, not twelve; this side makes the peer subscribe every operator, as ours does.
    static func openCombineSubject(chains: Int) -> Int {
        let step = Workload.step
        let sentinel = Workload.sentinel
        let total = Accumulator()
        for _ in 0..<chains {
            let subject = PassthroughSubject<Int, Never>()
            let subscription =
                subject
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .map { (value: Int) -> Int in value &+ step }.filter { (value: Int) -> Bool in value != sentinel }
                .sink { total.sum &+= $0 }
            subject.send(1)
            subject.send(completion: .finished)
            subscription.cancel()
        }
        return total.sum
    }
}
