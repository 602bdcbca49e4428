/// How long a scene's next frame waits, so that it gets at most `framesPerSecond` frames a
/// second. The gap between frames is kept in nanoseconds: in whole milliseconds (16 at 60 a
/// second) a scene got 62.5 frames a second. The wait is on the loop's timers, in whole
/// milliseconds rounded up: a frame is never drawn early, and a scene that is not due is
/// never polled in a busy loop.
struct FramePacing {
    /// The shortest gap between two frames of a scene, in nanoseconds.
    let interval: UInt64

    init(framesPerSecond: Int) {
        interval = 1_000_000_000 / UInt64(max(1, framesPerSecond))
    }

    /// The milliseconds to wait before the next frame, `elapsed` nanoseconds after the last
    /// one: 0 when it is due.
    func milliseconds(toWaitAfter elapsed: UInt64) -> UInt64 {
        guard elapsed < interval else { return 0 }
        let remaining = interval - elapsed
        return remaining / 1_000_000 + (remaining % 1_000_000 == 0 ? 0 : 1)
    }
}
