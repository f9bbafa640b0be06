// A call that does nothing unless the GTK call counter (tools/gtkcount.c, loaded with LD_AUDIT)
// binds it to its own switch: region.c calls it to start and stop counting.
void bench_count_switch(int on) { (void)on; }
