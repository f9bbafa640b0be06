// The callgrind region markers of region.c, for a C runner (bench.c, lists.c): loaded with
// dlopen when BENCH_REGION names that library, otherwise left NULL (no region: nothing is
// marked).
#ifndef BENCH_REGION_MARKERS_H
#define BENCH_REGION_MARKERS_H

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

static void (*region_begin)(void);
static void (*region_end)(void);

static void load_region_markers(void) {
  const char *path = getenv("BENCH_REGION");
  if (path == NULL || *path == 0) return;
  void *library = dlopen(path, RTLD_NOW);
  if (library == NULL) {
    fprintf(stderr, "cannot load %s: %s\n", path, dlerror());
    exit(2);
  }
  region_begin = (void (*)(void))dlsym(library, "bench_region_begin");
  region_end = (void (*)(void))dlsym(library, "bench_region_end");
}

#endif
