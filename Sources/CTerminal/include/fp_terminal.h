#ifndef FP_TERMINAL_H
#define FP_TERMINAL_H

/// The controlling terminal for a full-screen program whose standard input is a pipe.
/// Signal handlers have to be async-signal-safe, so this part is C: the saved terminal state
/// and the restore sequence live here, and every exit path (normal exit, Ctrl-C, SIGTERM,
/// SIGHUP, a crash signal) puts the terminal back before the process ends.

/// Opens /dev/tty for reading and writing; -1 (errno set) when there is no terminal.
int fp_tty_open(void);

/// Saves the terminal state of `fd`, switches it to raw mode (no echo, no line buffering, no
/// signals from keys), writes `enter` and remembers `leave` (at most 255 bytes) to write on
/// restore. Installs the signal handlers. 0 on success, -1 (errno set) on failure.
int fp_tty_enter(int fd, const char *enter, const char *leave);

/// Writes the remembered `leave` sequence and restores the saved state; safe to call twice and
/// from a signal handler.
void fp_tty_leave(void);

/// The terminal's size in character cells; 0 on success.
int fp_tty_size(int fd, int *columns, int *rows);

/// The read end of a non-blocking pipe that receives one byte per caught signal: the signal
/// number (SIGWINCH for a resize, SIGINT, SIGTERM or SIGHUP for a request to quit). -1 before
/// `fp_tty_enter`.
int fp_signal_fd(void);

#endif
