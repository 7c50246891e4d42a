extension RonProgressReporter {
    /// A reporter that passes on only reports past the furthest one so far, so a call whose body is
    /// sent again (a retry, a redirect) never shows its progress going back.
    func monotonic() -> RonProgressReporter {
        let furthest = LockedState<Int64>(-1)
        return RonProgressReporter { progress in
            let ahead = furthest.withLock { done -> Bool in
                guard progress.completedBytes > done else { return false }
                done = progress.completedBytes
                return true
            }
            if ahead { self.report(progress) }
        }
    }
}
