// Marks the measured region of a run, the same way in all three runners: each loads this
// library with dlopen (C, Swift) or ctypes (Python) when BENCH_REGION names it.
//
// - For callgrind (`valgrind --tool=callgrind --instr-atstart=no`): setup runs
//   uninstrumented; the region's counts are zeroed on entry and dumped on exit.
// - For the GTK call counter (tools/gtkcount.c, loaded with LD_AUDIT): counting is switched
//   on and off through bench_count_switch, a call the auditor redirects to itself.
// Outside valgrind and without the auditor, both are no-ops.
#include <valgrind/callgrind.h>

void bench_count_switch(int on);

void bench_region_begin(void) {
  CALLGRIND_START_INSTRUMENTATION;
  CALLGRIND_ZERO_STATS;
  bench_count_switch(1);
}

void bench_region_end(void) {
  bench_count_switch(0);
  CALLGRIND_DUMP_STATS_AT("region");
  CALLGRIND_STOP_INSTRUMENTATION;
}
