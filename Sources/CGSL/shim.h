// Shim over GNU GSL for Swift: the generator-type globals are mutable C globals, which
// Swift 6 refuses to read directly, so they are returned by static inline getters here.
#ifndef FINGERPOST_CGSL_SHIM_H
#define FINGERPOST_CGSL_SHIM_H

#include <gsl/gsl_errno.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_randist.h>

static inline const gsl_rng_type *cgsl_rng_mt19937(void) { return gsl_rng_mt19937; }
static inline const gsl_rng_type *cgsl_rng_ranlxd2(void) { return gsl_rng_ranlxd2; }
static inline const gsl_rng_type *cgsl_rng_ranlux389(void) { return gsl_rng_ranlux389; }
static inline const gsl_rng_type *cgsl_rng_taus2(void) { return gsl_rng_taus2; }
static inline const gsl_rng_type *cgsl_rng_gfsr4(void) { return gsl_rng_gfsr4; }
static inline const gsl_rng_type *cgsl_rng_ranlxs0(void) { return gsl_rng_ranlxs0; }

/// The last GSL error seen on this thread (0 when none), recorded by the non-aborting handler.
static _Thread_local int cgsl_last_errno = 0;
static _Thread_local const char *cgsl_last_reason = 0;

static inline void cgsl_record_error(const char *reason, const char *file, int line, int gsl_errno) {
  (void)file;
  (void)line;
  cgsl_last_errno = gsl_errno;
  cgsl_last_reason = reason;
}

/// Replaces GSL's abort-on-error handler with one that records the error for Swift to read.
static inline void cgsl_install_error_handler(void) { gsl_set_error_handler(&cgsl_record_error); }

/// Returns and clears the last recorded GSL error code.
static inline int cgsl_take_errno(void) {
  int e = cgsl_last_errno;
  cgsl_last_errno = 0;
  return e;
}

/// The reason text of the last recorded GSL error, or NULL.
static inline const char *cgsl_last_error_reason(void) { return cgsl_last_reason; }

#endif
