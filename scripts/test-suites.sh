#!/bin/sh
# Runs each suite `make test` names (make targets, in order), going on past a failing one so
# that one failure cannot hide another suite's result, then lists the suites that failed and
# exits non-zero if any did.
#   test-suites.sh TARGET...
set -u
passed=0
failed=""
for suite in "$@"; do
  echo "=== $suite"
  started=$(date +%s)
  if ${MAKE:-make} --no-print-directory "$suite"; then
    passed=$((passed + 1))
    echo "=== $suite passed in $(( $(date +%s) - started )) s"
  else
    failed="$failed $suite"
    echo "=== $suite FAILED after $(( $(date +%s) - started )) s"
  fi
done
count=$(echo "$failed" | wc -w)
echo
if [ "$count" -gt 0 ]; then
  echo "Suites that failed:$failed"
fi
echo "suites: $passed passed, $count failed"
[ "$count" -eq 0 ]
