// bitgames-gpu: what every kernel source shares. Compiled by NVRTC for the GPU, and by the
// host's C++ compiler for the emulation the tests run on machines without a GPU
// (`BITGAMES_HOST_EMULATION`): there a "launch" calls the kernel once per thread index, in
// order, so a kernel may not depend on other threads of its launch (no shared memory, no
// barriers) except through atomics.

typedef unsigned long long u64;
typedef unsigned int u32;
typedef long long i64;
typedef unsigned char u8;

#ifdef BITGAMES_HOST_EMULATION
#define KERNEL extern "C" __attribute__((visibility("default")))
#define INLINE inline
#define DEVICE static INLINE
// Namespace-scope variables keep their plain names (no mangling), which the tests look up.
#define CONSTANT __attribute__((visibility("default")))
static thread_local u64 emulated_thread;
extern "C" __attribute__((visibility("default"))) void emulation_set_thread(u64 index) {
    emulated_thread = index;
}
DEVICE u64 thread_index() { return emulated_thread; }
DEVICE int popcount(u64 x) { return __builtin_popcountll(x); }
DEVICE int lowest_bit(u64 x) { return __builtin_ctzll(x); }
DEVICE u64 atomic_add(u64 *address, u64 value) {
    u64 old = *address;
    *address = old + value;
    return old;
}
DEVICE u32 atomic_min(u32 *address, u32 value) {
    u32 old = *address;
    if (value < old) *address = value;
    return old;
}
#else
#define KERNEL extern "C" __global__
#define INLINE __device__ __forceinline__
#define DEVICE static INLINE
#define CONSTANT __constant__
DEVICE u64 thread_index() { return (u64)blockIdx.x * blockDim.x + threadIdx.x; }
DEVICE int popcount(u64 x) { return __popcll(x); }
DEVICE int lowest_bit(u64 x) { return __ffsll((long long)x) - 1; }
DEVICE u64 atomic_add(u64 *address, u64 value) { return atomicAdd(address, value); }
DEVICE u32 atomic_min(u32 *address, u32 value) { return atomicMin(address, value); }
#endif

// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
// OOPSLA 2014): one 64-bit state per game, advanced by the golden-ratio increment.
DEVICE u64 splitmix64(u64 *state) {
    u64 z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

// A number in 0..n from one draw: the high half times n (Lemire's multiply-shift, without
// the rejection step; the bias is below n / 2^32, under 2^-25 for n <= 100).
DEVICE u32 below(u64 draw, u32 n) { return (u32)(((draw >> 32) * (u64)n) >> 32); }

// The index of the k-th set bit of `bits` (k from 0; k < popcount(bits)), by halving.
DEVICE int nth_set_bit(u64 bits, u32 k) {
    int base = 0;
    for (int width = 32; width >= 1; width >>= 1) {
        u64 low = bits & ((1ull << width) - 1);
        u32 count = (u32)popcount(low);
        if (k >= count) {
            k -= count;
            bits >>= width;
            base += width;
        } else {
            bits = low;
        }
    }
    return base;
}

// Four bits (the low nibble of `bits`) spread to four bytes, 0 or 1 each, bit i to byte i:
// the multiply by 1 + 2^7 + 2^14 + 2^21 moves bit i to bit 8i without carries.
DEVICE u32 spread_nibble(u64 bits) { return ((u32)(bits & 15) * 0x00204081u) & 0x01010101u; }
