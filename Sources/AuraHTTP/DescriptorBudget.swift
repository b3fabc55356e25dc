import Foundation

/// How many connections the process's open-file limit has room for. Every connection is a
/// descriptor, and the server needs more beside them (database connections, planner files,
/// outgoing pushes): a server that let connections take them all would answer 500, or leave
/// new clients waiting, where it should answer 503.
enum DescriptorBudget {
    /// Descriptors kept for everything but connections: a quarter of the limit, at most 256.
    static func reserve(limit: Int) -> Int { min(256, limit / 4) }

    /// The connections to admit when `wanted` are asked for: the soft limit is first raised
    /// toward the hard one when it is too low (only then: a sandbox may forbid the call), and
    /// the count lowered to what the limit leaves.
    static func connections(wanted: Int) -> Int {
        var limits = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) == 0 else { return wanted }
        let needed = rlim_t(wanted + 256)
        if limits.rlim_cur < needed && limits.rlim_max > limits.rlim_cur {
            var raised = limits
            raised.rlim_cur = min(limits.rlim_max, needed)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limits = raised }
        }
        guard limits.rlim_cur < rlim_t(Int.max) else { return wanted }  // RLIM_INFINITY too
        let limit = Int(limits.rlim_cur)
        return max(1, min(wanted, limit - reserve(limit: limit)))
    }
}
