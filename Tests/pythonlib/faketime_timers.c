/* Loaded before libfaketime in the tests that fake the wall clock: timers armed on a steady
   clock (CLOCK_MONOTONIC, CLOCK_BOOTTIME) go straight to the kernel. libfaketime 0.9.10 takes
   every absolute timerfd deadline for a wall-clock time and moves it by the faked offset, so a
   libdispatch timer (which arms a monotonic timerfd) would never fire, or fire at once, under
   it; the wall clock the program reads stays faked. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#define KNOWN 65536
static unsigned char steady[KNOWN];

int timerfd_create(int clock, int flags) {
  int fd = (int)syscall(SYS_timerfd_create, clock, flags);
  if (fd >= 0 && fd < KNOWN) steady[fd] = clock == CLOCK_MONOTONIC || clock == CLOCK_BOOTTIME;
  return fd;
}

int timerfd_settime(int fd, int flags, const struct itimerspec *value, struct itimerspec *old) {
  static int (*next)(int, int, const struct itimerspec *, struct itimerspec *);
  if (fd >= 0 && fd < KNOWN && steady[fd]) return (int)syscall(SYS_timerfd_settime, fd, flags, value, old);
  if (!next) next = (int (*)(int, int, const struct itimerspec *, struct itimerspec *))dlsym(RTLD_NEXT, "timerfd_settime");
  return next(fd, flags, value, old);
}

int timerfd_gettime(int fd, struct itimerspec *value) {
  static int (*next)(int, struct itimerspec *);
  if (fd >= 0 && fd < KNOWN && steady[fd]) return (int)syscall(SYS_timerfd_gettime, fd, value);
  if (!next) next = (int (*)(int, struct itimerspec *))dlsym(RTLD_NEXT, "timerfd_gettime");
  return next(fd, value);
}
