#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Two pieces of work on two threads, for the few places where a large
/// document has two independent passes (or a producer and a consumer): on
/// the two cores of a CI machine or the many of a laptop, `validate` on a
/// 10 MB spec then takes the time of the longer pass, not of both.
///
/// Plain POSIX threads, so no Foundation is loaded (process start-up is most
/// of the cost of validating a small spec). Used only above a size where the
/// ~50 µs of starting a thread is noise.
public enum Parallel {
    /// Runs `first` on a new thread and `second` on the calling one, and
    /// returns both results once both are done. If no thread can be
    /// started, runs them one after the other.
    public static func both<A, B>(_ first: () -> A, _ second: () -> B) -> (A, B) {
        withoutActuallyEscaping(first) { first in
            let job = Job(first)
            let context = Unmanaged.passRetained(job).toOpaque()
            var thread = pthread_t()
            let started = pthread_create(&thread, nil, { raw in
                let job = Unmanaged<AnyJob>.fromOpaque(raw!).takeRetainedValue()
                job.run()
                return nil
            }, context) == 0
            if !started {
                Unmanaged<AnyJob>.fromOpaque(context).release()
                job.run()
            }
            let b = second()
            if started { pthread_join(thread, nil) }
            return (job.result!, b)
        }
    }
}

/// Work handed to another thread; the joining thread reads the result
/// only after `pthread_join`, which orders the two.
private class AnyJob: @unchecked Sendable {
    func run() {}
}

private final class Job<A>: AnyJob, @unchecked Sendable {
    let work: () -> A
    var result: A?

    init(_ work: @escaping () -> A) { self.work = work }

    override func run() { result = work() }
}
