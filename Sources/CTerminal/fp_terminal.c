#include "fp_terminal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

static struct termios saved;
static volatile sig_atomic_t entered = 0;
static int tty_fd = -1;
static char leave_sequence[256];
static size_t leave_length = 0;
static int signal_pipe[2] = {-1, -1};

int fp_tty_open(void) { return open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC); }

static void write_all(int fd, const char *bytes, size_t length) {
  while (length > 0) {
    ssize_t n = write(fd, bytes, length);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    bytes += n;
    length -= (size_t)n;
  }
}

void fp_tty_leave(void) {
  if (!entered) return;
  entered = 0;
  write_all(tty_fd, leave_sequence, leave_length);
  tcsetattr(tty_fd, TCSAFLUSH, &saved);
}

/// Resize and quit requests: a byte on the pipe, read by the program's poll loop.
static void notify(int signal_number) {
  int saved_errno = errno;
  char byte = (char)signal_number;
  if (signal_pipe[1] >= 0) (void)write(signal_pipe[1], &byte, 1);
  errno = saved_errno;
}

/// A crash: put the terminal back, then die of the same signal.
static void crash(int signal_number) {
  fp_tty_leave();
  signal(signal_number, SIG_DFL);
  raise(signal_number);
}

static void install(int signal_number, void (*handler)(int)) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(signal_number, &action, NULL);
}

int fp_tty_enter(int fd, const char *enter, const char *leave) {
  if (tcgetattr(fd, &saved) != 0) return -1;
  if (signal_pipe[0] < 0) {
    if (pipe(signal_pipe) != 0) return -1;
    for (int i = 0; i < 2; i++) {
      fcntl(signal_pipe[i], F_SETFL, fcntl(signal_pipe[i], F_GETFL) | O_NONBLOCK);
      fcntl(signal_pipe[i], F_SETFD, FD_CLOEXEC);
    }
  }
  struct termios raw = saved;
  raw.c_iflag &= ~(tcflag_t)(BRKINT | ICRNL | INPCK | ISTRIP | IXON);
  raw.c_oflag &= ~(tcflag_t)OPOST;
  raw.c_cflag |= CS8;
  raw.c_lflag &= ~(tcflag_t)(ECHO | ICANON | IEXTEN | ISIG);
  raw.c_cc[VMIN] = 0;
  raw.c_cc[VTIME] = 0;
  tty_fd = fd;
  leave_length = strlen(leave);
  if (leave_length >= sizeof leave_sequence) leave_length = sizeof leave_sequence - 1;
  memcpy(leave_sequence, leave, leave_length);
  if (tcsetattr(fd, TCSAFLUSH, &raw) != 0) return -1;
  entered = 1;
  static int registered = 0;
  if (!registered) {
    atexit(fp_tty_leave);
    registered = 1;
  }
  install(SIGWINCH, notify);
  install(SIGINT, notify);
  install(SIGTERM, notify);
  install(SIGHUP, notify);
  install(SIGPIPE, SIG_IGN);
  int crashes[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
  for (size_t i = 0; i < sizeof crashes / sizeof crashes[0]; i++) install(crashes[i], crash);
  write_all(fd, enter, strlen(enter));
  return 0;
}

int fp_tty_size(int fd, int *columns, int *rows) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_col == 0) return -1;
  *columns = size.ws_col;
  *rows = size.ws_row;
  return 0;
}

int fp_signal_fd(void) { return signal_pipe[0]; }
