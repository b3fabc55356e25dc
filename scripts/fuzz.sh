#!/bin/sh
# Builds the libFuzzer targets (Fuzz/, with address sanitizer) and runs each for SECONDS.
#   fuzz.sh [SECONDS]   default 60; `make test` runs a short smoke run (FUZZ_SECONDS=4)
# Each target starts from its seed corpus in Fuzz/Corpus/<target>/ (new inputs go to
# .build/fuzz/corpus/, not into the repository) and first replays every saved crash in
# Fuzz/Crashes/<target>/. A new crash is saved there as a test case and fails the run.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
targets="FuzzCapture FuzzFrontMatter FuzzMustache FuzzTaskStore FuzzCalendar FuzzHTTP"
cd "$here"
for target in $targets; do
  AURA_FUZZ=1 swift build --build-path .build/fuzz --product "$target" -Xswiftc -sanitize=fuzzer,address 2>&1 \
    | grep -v "Cannot export local symbol" | grep -E "error|warning: unre|Compiling|Build of" | tail -1
done
status=0
summary=""
# A Swift runtime error then aborts at once and libFuzzer keeps the input, rather than the
# runtime's backtracer starting (which the address sanitizer stops on).
export SWIFT_BACKTRACE=enable=no
for target in $targets; do
  # FuzzHTTP drives one long-lived app whose caches and background builds outlive an input: a
  # leak check after each input would blame inputs for what the app still holds.
  options=""
  leaks=1
  [ "$target" = FuzzHTTP ] && options="-detect_leaks=0" && leaks=0
  work=".build/fuzz/corpus/$target"
  crashes="Fuzz/Crashes/$target"
  mkdir -p "$work" "$crashes"
  cp Fuzz/Corpus/"$target"/* "$work"/ 2>/dev/null || true
  saved=$(find "$crashes" -type f ! -name .keep | sort)
  if [ -n "$saved" ]; then
    # shellcheck disable=SC2086
    if ! ASAN_OPTIONS=detect_leaks=$leaks ".build/fuzz/debug/$target" $options $saved >".build/fuzz/$target.replay.log" 2>&1; then
      echo "error: $target still fails on a saved case in $crashes (log: .build/fuzz/$target.replay.log)" >&2
      status=1
      continue
    fi
  fi
  log=".build/fuzz/$target.log"
  # shellcheck disable=SC2086
  if ASAN_OPTIONS=detect_leaks=$leaks ".build/fuzz/debug/$target" $options -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
       -artifact_prefix="$crashes/" "$work" >"$log" 2>&1; then
    outcome=ok
  else
    outcome="CRASH (saved in $crashes/, log: $log)"
    status=1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  summary="$summary$(printf '%-16s %10s runs %8s exec/s  %s' "$target" "${runs:-?}" "${speed:-?}" "$outcome")
"
done
printf 'fuzzing, %s s per target:\n%s' "$seconds" "$summary"
exit $status
