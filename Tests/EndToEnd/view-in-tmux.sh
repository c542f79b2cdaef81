#!/usr/bin/env bash
# End-to-end test of the terminal viewer: `fingerpost replay … | fingerpost view` in a detached
# 100×30 tmux session; keys are sent, the screen is read with capture-pane and checked; `q` must
# restore the screen and the viewer must exit 0. Then: with no terminal, the viewer refuses.
# Usage: Tests/EndToEnd/view-in-tmux.sh [path/to/fingerpost]
set -uo pipefail
export TERM=${TERM:-xterm-256color}
cd "$(dirname "$0")/../.."
bin=${1:-.build/release/fingerpost}
socket=fingerpost-view-test-$$
tmp=$(mktemp -d)
checks=0
cleanup() { tmux -L "$socket" kill-server 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT

screen() { tmux -L "$socket" capture-pane -p -t view > "$tmp/screen" 2>/dev/null; }
fail() {
  echo "view-in-tmux: FAIL: $1"
  echo "--- screen ---"
  cat "$tmp/screen" 2>/dev/null
  echo "view-in-tmux: $checks passed, 1 failed"
  exit 1
}
pass() { checks=$((checks + 1)); echo "  ok  $1"; }
# Waits up to $2 seconds until the screen matches the extended regex $1.
wait_for() {
  local deadline=$((SECONDS + ${2:-20}))
  while ((SECONDS < deadline)); do
    screen
    grep -Eq -- "$1" "$tmp/screen" && return 0
    sleep 0.2
  done
  return 1
}
key() { tmux -L "$socket" send-keys -t view "$@"; sleep 0.4; }

[ -x "$bin" ] || fail "no binary at $bin (build it first)"
command -v tmux >/dev/null || fail "tmux is not installed"
# A session that lives through the whole test: killing the viewer's session between checks must
# not stop the server (a new session raced the exiting server: "server exited unexpectedly").
tmux -L "$socket" new-session -d -s keep "sleep 900"

tmux -L "$socket" new-session -d -s view -x 100 -y 30 \
  "printf 'shell before the viewer\n'; $bin replay Scenarios/S0-office-nominal.yaml --with-truth \
   --particles 300 --speed 25 2>/dev/null | $bin view; echo \$? > $tmp/status; \
   printf 'shell after the viewer\n'; sleep 120"

wait_for 'levels +\[G\*?\] ' 30 || fail "the floor picker never showed the ground floor"
pass "floor picker with the shown level in brackets"
wait_for '^ t [0-9.]+ s +[0-9.]+ fix/s +level ' 20 || fail "no status bar with a fix"
pass "status bar with time, fix rate and level"
grep -q '@' "$tmp/screen" || fail "no fix glyph (@) on the map"
pass "fix glyph on the map"
grep -Eq 'error [0-9.]+  p75 [0-9.]+ m' "$tmp/screen" || fail "no live error and p75 with truth in the stream"
pass "live error and running p75"

key +
key +
wait_for '@' 5 || fail "the fix left the screen after zooming in"
pass "zoom in keeps following the fix"

key ']'
wait_for '^ pinned ' 5 || fail "] did not pin a level"
grep -Eq 'levels .*\[1\*?\]' "$tmp/screen" || fail "] did not show level 1 in the picker"
pass "] pins the next level up"

key '?'
wait_for 'follow the fix' 5 || fail "? did not open the help"
key Escape
sleep 0.3
screen
grep -q 'follow the fix' "$tmp/screen" && fail "Escape did not close the help"
pass "help opens and closes"

key f
wait_for '^ following ' 5 || fail "f did not follow the fix again"
pass "f follows the fix again"

key q
for _ in $(seq 50); do [ -s "$tmp/status" ] && break; sleep 0.2; done
[ -s "$tmp/status" ] || fail "the viewer did not exit after q"
[ "$(cat "$tmp/status")" = 0 ] || fail "the viewer exited with status $(cat "$tmp/status")"
pass "q quits with status 0"
wait_for 'shell after the viewer' 5 || fail "no shell output after the viewer"
grep -q 'shell before the viewer' "$tmp/screen" || fail "the screen before the viewer was not restored"
grep -q 'levels' "$tmp/screen" && fail "the viewer's frame is still on the screen after q"
pass "the screen is restored after q"

# A stream poured in at once (not paced): the reads that find the meta record also hold the
# start of the next record; no line may be lost or broken on the way into the view.
$bin replay Scenarios/S0-office-nominal.yaml --with-truth > "$tmp/s0.ndjson" 2>/dev/null
expected=$(wc -l < "$tmp/s0.ndjson")
tmux -L "$socket" kill-session -t view 2>/dev/null
tmux -L "$socket" new-session -d -s view -x 100 -y 30 "cat $tmp/s0.ndjson | $bin view; sleep 120"
wait_for 'end of input' 20 || fail "a file poured in never reached its end"
grep -Eq "lines $expected  end of input" "$tmp/screen" ||
  fail "a file of $expected lines poured in: lines lost or unreadable"
pass "a file poured in: all $expected lines read, none bad"

# Every other way out restores the screen too: end of input with --exit-at-eof, Ctrl-C, SIGTERM,
# and a crash signal (the handler restores the terminal, then dies of the signal: status 139).
exit_path() {
  local name=$1 expected=$2 command=$3
  rm -f "$tmp/status"
  tmux -L "$socket" kill-session -t view 2>/dev/null
  tmux -L "$socket" new-session -d -s view -x 100 -y 30 \
    "printf 'shell before the viewer\n'; $command; echo \$? > $tmp/status; \
     printf 'shell after the viewer\n'; sleep 120"
  [ "$name" = eof ] || wait_for 'levels' 20 || fail "$name: the viewer did not start"
  case $name in
    ctrl-c) key C-c ;;
    sigterm | sigsegv)
      local shell viewer
      shell=$(tmux -L "$socket" list-panes -t view -F '#{pane_pid}')
      viewer=$(pgrep -P "$shell" -f 'fingerpost view' | head -n 1)
      [ -n "$viewer" ] || fail "$name: no viewer process"
      kill -s "${name#sig}" "$viewer"
      ;;
  esac
  for _ in $(seq 50); do [ -s "$tmp/status" ] && break; sleep 0.2; done
  [ "$(cat "$tmp/status" 2>/dev/null)" = "$expected" ] ||
    fail "$name: exit status $(cat "$tmp/status" 2>/dev/null), expected $expected"
  wait_for 'shell after the viewer' 5 || fail "$name: no shell output after the viewer"
  grep -q 'levels' "$tmp/screen" && fail "$name: the viewer's frame is still on the screen"
  pass "$name: status $expected, screen restored"
}
sample="$bin replay Scenarios/S0-office-nominal.yaml --with-truth --fix-rate 1 2>/dev/null"
exit_path eof 0 "$sample | head -n 40 | $bin view --exit-at-eof"
exit_path ctrl-c 0 "$bin view --venue Surveys/office < <(sleep 60)"
exit_path sigterm 0 "$bin view --venue Surveys/office < <(sleep 60)"
exit_path sigsegv 139 "$bin view --venue Surveys/office < <(sleep 60)"

# Without a terminal (a new session, no controlling tty) it says so and exits non-zero.
if setsid -w "$bin" view --venue Surveys/office < /dev/null > "$tmp/out" 2>&1; then
  fail "the viewer ran without a terminal"
fi
grep -q 'no terminal' "$tmp/out" || fail "no 'no terminal' message: $(cat "$tmp/out")"
pass "without a terminal: a message and a non-zero status"

echo "view-in-tmux: $checks passed, 0 failed"
