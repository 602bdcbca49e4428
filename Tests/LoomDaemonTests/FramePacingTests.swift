@testable import LoomDaemon
import Testing

/// A scene gets at most `framesPerSecond` frames a second, and waits on whole milliseconds.
struct FramePacingTests {
    @Test func sixtyFramesASecondAreSixtyNotSixtyTwoAndAHalf() {
        let pacing = FramePacing(framesPerSecond: 60)
        #expect(pacing.interval == 16_666_666)
        #expect(pacing.milliseconds(toWaitAfter: 16_000_000) == 1, "16 ms after a frame is too early at 60 a second")
        #expect(pacing.milliseconds(toWaitAfter: 16_666_666) == 0)
        #expect(pacing.milliseconds(toWaitAfter: 0) == 17, "a whole number of milliseconds, rounded up: never early")
        #expect(pacing.milliseconds(toWaitAfter: .max) == 0, "long after, or never drawn")
    }

    @Test func aWaitIsNeverZeroWhileAFrameIsNotDueSoNoBusyLoop() {
        let fast = FramePacing(framesPerSecond: 100_000)
        #expect(fast.milliseconds(toWaitAfter: 5_000) == 1)
        #expect(fast.milliseconds(toWaitAfter: 10_000) == 0)
        #expect(FramePacing(framesPerSecond: 1_000).milliseconds(toWaitAfter: 0) == 1)
        #expect(FramePacing(framesPerSecond: 0).interval == 1_000_000_000, "at least one frame a second")
    }
}
