// Counts the GTK calls each benchmark implementation makes in its measured region.
//
// Loaded with LD_AUDIT, so the same counter applies to all three runners. glibc's dynamic
// linker asks it (la_symbind64) for the address of every symbol an object binds; for calls
// from the implementation's own code to a function named gtk_* or g_signal_* it returns a
// stub that counts, then jumps to the real function:
// - C: the benchmark executable; Swift: the executable, with GtkBridge linked in;
// - PyGObject: its _gi module, and every GTK function it calls through GObject
//   introspection, which ends in libffi's ffi_call (from libgirepository): the wrapper
//   below names the function called with dladdr.
// Calls GTK and GLib make among themselves are not counted: they bind through other objects.
// Counting runs only between bench_count_switch(1) and (0) (region.c). The counts go to the
// file named by GTKCOUNT_OUT (or stderr) at exit, one "count name" line per function.
//
// Build: cc -O2 -shared -fPIC -o libgtkcount.so gtkcount.c   (x86-64 only: the stubs)
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLOTS 2048
#define STUB_SIZE 32
#define HIDDEN __attribute__((visibility("hidden")))
HIDDEN unsigned char gtkcount_enabled;
HIDDEN unsigned long gtkcount_counts[SLOTS];
HIDDEN void *gtkcount_targets[SLOTS];
HIDDEN extern char gtkcount_stubs[];
static const char *names[SLOTS];
static int used;

__asm__(".text\n.hidden gtkcount_stubs\n.p2align 5\ngtkcount_stubs:\n"
        ".set i, 0\n"
        ".rept 2048\n"
        ".p2align 5\n"
        "cmpb $0, gtkcount_enabled(%rip)\n"
        "je 1f\n"
        "lock incq gtkcount_counts+8*i(%rip)\n"
        "1: jmp *gtkcount_targets+8*i(%rip)\n"
        ".set i, i+1\n"
        ".endr\n");

// ffi_call from libgirepository: PyGObject's route into GTK.
typedef void (*ffi_call_fn)(void *cif, void (*fn)(void), void *rvalue, void **avalue);
static ffi_call_fn real_ffi_call;
#define FFI_SLOTS 4096
static struct { void *fn; const char *name; unsigned long count; } ffi_seen[FFI_SLOTS];
static int ffi_used;

static void counting_ffi_call(void *cif, void (*fn)(void), void *rvalue, void **avalue) {
  if (gtkcount_enabled) {
    int i;
    for (i = 0; i < ffi_used && ffi_seen[i].fn != (void *)fn; i++) {}
    if (i == ffi_used && ffi_used < FFI_SLOTS) {
      Dl_info info;
      const char *name = dladdr((void *)fn, &info) && info.dli_sname ? info.dli_sname : "?";
      ffi_seen[i].fn = (void *)fn;
      ffi_seen[i].name = strdup(name);
      ffi_used++;
    }
    if (i < FFI_SLOTS) ffi_seen[i].count++;
  }
  real_ffi_call(cif, fn, rvalue, avalue);
}

static void count_switch(int on) { gtkcount_enabled = (unsigned char)on; }

unsigned int la_version(unsigned int version) {
  (void)version;
  return LAV_CURRENT;
}

unsigned int la_objopen(struct link_map *map, Lmid_t lmid, uintptr_t *cookie) {
  (void)lmid;
  const char *path = map->l_name ? map->l_name : "";
  const char *slash = strrchr(path, '/');
  const char *name = slash ? slash + 1 : path;
  int impl = *path == 0 || strncmp(name, "_gi", 3) == 0 ||
             strncmp(name, "libgirepository", 15) == 0 || strncmp(name, "libbench", 8) == 0;
  *cookie = impl;
  return LA_FLG_BINDTO | LA_FLG_BINDFROM;
}

uintptr_t la_symbind64(Elf64_Sym *sym, unsigned int ndx, uintptr_t *refcook, uintptr_t *defcook,
                       unsigned int *flags, const char *symname) {
  (void)ndx;
  (void)defcook;
  *flags |= LA_SYMB_NOPLTENTER | LA_SYMB_NOPLTEXIT;
  if (*refcook != 1) return sym->st_value;
  if (strcmp(symname, "bench_count_switch") == 0) return (uintptr_t)count_switch;
  if (strcmp(symname, "ffi_call") == 0) {
    real_ffi_call = (ffi_call_fn)sym->st_value;
    return (uintptr_t)counting_ffi_call;
  }
  if (strncmp(symname, "gtk_", 4) != 0 && strncmp(symname, "g_signal_", 9) != 0)
    return sym->st_value;
  if (used >= SLOTS) return sym->st_value;
  int slot = used++;
  names[slot] = symname;
  gtkcount_targets[slot] = (void *)sym->st_value;
  return (uintptr_t)(gtkcount_stubs + slot * STUB_SIZE);
}

__attribute__((destructor)) static void report(void) {
  const char *out = getenv("GTKCOUNT_OUT");
  FILE *file = out ? fopen(out, "w") : stderr;
  if (!file) return;
  for (int i = 0; i < used; i++)
    if (gtkcount_counts[i]) fprintf(file, "%lu %s\n", gtkcount_counts[i], names[i]);
  for (int i = 0; i < ffi_used; i++)
    if (ffi_seen[i].count && (strncmp(ffi_seen[i].name, "gtk_", 4) == 0 ||
                              strncmp(ffi_seen[i].name, "g_signal_", 9) == 0))
      fprintf(file, "%lu %s\n", ffi_seen[i].count, ffi_seen[i].name);
  if (out) fclose(file);
}
