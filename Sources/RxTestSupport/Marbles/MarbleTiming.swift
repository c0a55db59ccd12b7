/// How a marble diagram's characters map to ticks: the length of a frame, and the seconds a
/// tick stands for (to read progressions such as `100ms`).
struct MarbleTiming: Sendable {
    let ticksPerFrame: TestTime
    let resolution: Double

    init(ticksPerFrame: TestTime, resolution: Double) {
        self.ticksPerFrame = ticksPerFrame
        self.resolution = resolution
    }

    init(_ scheduler: TestScheduler) {
        self.init(ticksPerFrame: scheduler.ticksPerFrame, resolution: scheduler.resolution)
    }
}
