/// glibc's allocator tuning (mallopt) and figures (mallinfo2, malloc_usable_size), which the
/// Glibc module does not bring.
#include <malloc.h>
