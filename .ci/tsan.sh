#!/usr/bin/env bash
# The client tests under ThreadSanitizer, in their own scratch path (.build-tsan).
# A bounded subset keeps CI time down: the client's own tests, the lifecycle stress tests
# (HardeningTests: closing clients while hundreds of calls run) and the chaos suites with fewer
# repetitions (RON_CHAOS_REPEAT) and a smaller concurrency run (RON_CHAOS_CONCURRENT); TSan slows
# calls down, so the timing slack is wider. Any data race report fails the run.
#
#   .ci/tsan.sh                 everything instrumented, dependencies too, in .build-tsan
#   .ci/tsan.sh --reuse-build [--traits LIST]
#                               the client's targets instrumented and its suites alone
#                               (RON_THREAD_SANITIZER=1, see Package.swift) in .build, over the
#                               dependencies already built there without the sanitizer (the
#                               clients under test use Foundation, Dispatch and swift-log, which
#                               are not instrumented either way); with the traits .build was built
#                               with (CI: the build with every trait, made with
#                               RON_THREAD_SANITIZER=1, so nothing is compiled here)
set -euo pipefail
cd "$(dirname "$0")/.."

export RON_CHAOS_REPEAT=${RON_CHAOS_REPEAT:-10}
export RON_CHAOS_CONCURRENT=${RON_CHAOS_CONCURRENT:-200}
export RON_CHAOS_SLACK_MS=${RON_CHAOS_SLACK_MS:-6000}
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 ${TSAN_OPTIONS:-}"

log=.build-tsan/tsan.log
mkdir -p .build-tsan
: >"$log"
if [ "${1:-}" = --reuse-build ]; then
    export RON_THREAD_SANITIZER=1
    flags=()
    if [ "${2:-}" = --traits ]; then
        flags=(--traits "$3")
        # The order of the traits' -D flags, as the build with them had it (.ci/run).
        export SWIFT_DETERMINISTIC_HASHING=1
    fi
else
    # Only the test bundle (not the tools, benchmarks, examples and fuzz targets), with line tables
    # for its debug information: what a race report's stack needs, at less compile and link time.
    flags=(--sanitize=thread --scratch-path .build-tsan -Xswiftc -gline-tables-only)
fi
swift build --product ron-app-sdk-swiftPackageTests ${flags[@]+"${flags[@]}"} 2>&1 | tail -3
unset SWIFT_DETERMINISTIC_HASHING
# One filter at a time: the chaos suites load the machine, and the client's own tests have tight
# timing checks of their own.
IFS=',' read -r -a filters <<<"${TSAN_FILTERS:-RonAppSdkSwiftTests,RonChaosTests,HardeningTests}"
failed=0
for filter in "${filters[@]}"; do
    echo "== tsan: $filter"
    timeout "${TSAN_TIMEOUT:-900}" swift test --skip-build ${flags[@]+"${flags[@]}"} \
        --filter "$filter" >"$log.part" 2>&1 || true
    cat "$log.part" >>"$log"
    grep -E "^(✔|✘|━) Test run|WARNING: ThreadSanitizer" "$log.part" || true
    grep -qE "^(✔|━) Test run with .* passed" "$log.part" || failed=1
done
rm -f "$log.part"
if grep -q "WARNING: ThreadSanitizer" "$log"; then
    echo "tsan: data race reported (see $log)"
    exit 1
fi
[ $failed -eq 0 ] || { echo "tsan: tests failed (see $log)"; exit 1; }
echo "tsan: no races"
