//! A cache hint for hash tables: ask the CPU to start loading the line that holds a slot, so a
//! probe a little later finds it in cache. It changes no state; where the CPU has no such hint
//! it does nothing.

/// Starts loading the cache line of `slot` (a hint only).
#[inline]
pub fn prefetch<T>(slot: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: prefetching a valid address has no effect beyond the cache.
    unsafe {
        std::arch::x86_64::_mm_prefetch(
            (slot as *const T).cast::<i8>(),
            std::arch::x86_64::_MM_HINT_T0,
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = slot;
}
