//! A large, zero-initialised, fixed-size array for hash tables, allocated on 2 MB boundaries
//! and (on Linux) marked for transparent huge pages. Search tables are probed at random
//! addresses millions of times a second; with 4 KB pages most probes also miss the TLB, and
//! huge pages remove most of that cost.

use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::ptr::NonNull;

const HUGE_PAGE: usize = 2 * 1024 * 1024;

/// Types whose all-zero bit pattern is a valid value (atomics, integers).
///
/// # Safety
/// Implement only for types for which zeroed memory is a valid, initialised value.
pub unsafe trait Zeroable {}

unsafe impl Zeroable for std::sync::atomic::AtomicU64 {}
unsafe impl Zeroable for u64 {}

/// A boxed slice of `len` zeroed `T`s on huge-page-friendly memory.
pub struct BigTable<T: Zeroable> {
    ptr: NonNull<T>,
    len: usize,
    layout: Layout,
}

// SAFETY: BigTable owns its elements like a Box<[T]>; sharing follows T's own Send/Sync.
unsafe impl<T: Zeroable + Send> Send for BigTable<T> {}
unsafe impl<T: Zeroable + Sync> Sync for BigTable<T> {}

impl<T: Zeroable> BigTable<T> {
    /// `len` zeroed elements (at least one).
    ///
    /// # Panics
    /// When the allocation fails or its size overflows, as `Vec` does.
    pub fn new(len: usize) -> BigTable<T> {
        let len = len.max(1);
        let size = std::mem::size_of::<T>()
            .checked_mul(len)
            .unwrap_or_else(|| panic!("table too large"));
        let align = if size >= HUGE_PAGE {
            HUGE_PAGE
        } else {
            std::mem::align_of::<T>()
        };
        let layout = Layout::from_size_align(size.max(1), align.max(std::mem::align_of::<T>()))
            .unwrap_or_else(|_| panic!("bad table layout"));
        // SAFETY: the layout has a non-zero size.
        let raw = unsafe { alloc_zeroed(layout) }.cast::<T>();
        let Some(ptr) = NonNull::new(raw) else {
            std::alloc::handle_alloc_error(layout);
        };
        advise_huge_pages(raw.cast(), size);
        BigTable { ptr, len, layout }
    }

    pub fn as_slice(&self) -> &[T] {
        // SAFETY: ptr points to len zeroed, hence initialised, elements (T: Zeroable).
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Zeroable> std::ops::Deref for BigTable<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: Zeroable> Drop for BigTable<T> {
    fn drop(&mut self) {
        // SAFETY: allocated in `new` with exactly this layout; elements need no drop (Zeroable
        // types here are plain data).
        unsafe { dealloc(self.ptr.as_ptr().cast(), self.layout) }
    }
}

#[cfg(target_os = "linux")]
fn advise_huge_pages(ptr: *mut libc::c_void, size: usize) {
    if size >= HUGE_PAGE {
        // SAFETY: the range is one live allocation; madvise only changes paging policy, and a
        // failure (e.g. THP disabled) leaves ordinary pages.
        unsafe {
            libc::madvise(ptr, size, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_ptr: *mut std::ffi::c_void, _size: usize) {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn zeroed_and_writable() {
        let table: BigTable<AtomicU64> = BigTable::new(1 << 19);
        assert_eq!(table.len(), 1 << 19);
        assert!(table.iter().all(|x| x.load(Ordering::Relaxed) == 0));
        table[12345].store(7, Ordering::Relaxed);
        assert_eq!(table[12345].load(Ordering::Relaxed), 7);
        let small: BigTable<u64> = BigTable::new(3);
        assert_eq!(&small[..], &[0, 0, 0]);
    }
}
