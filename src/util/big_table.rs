//! A large, zero-initialised, fixed-size array for hash tables. On Linux large tables are
//! anonymous mappings: the kernel's zero pages cost nothing until touched (a 128 MB table for
//! a two-mover costs a few pages, not 128 MB of zeroing), and they are marked for transparent
//! huge pages, since search tables are probed at random addresses millions of times a second
//! and with 4 KB pages most probes also miss the TLB (unless asked for small pages first,
//! [`BigTable::growing`]: a table that uses a prefix of its memory and doubles it as it
//! fills). Elsewhere, and for small tables,
//! the global allocator's zeroed memory.

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
    memory: Memory,
}

/// Which pages a mapped table asks the kernel for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Pages {
    Huge,
    /// Small pages for the first [`SMALL_PREFIX`] bytes, huge pages beyond.
    SmallThenHuge,
}

/// The prefix of a growing table kept on small pages: a search that stays small touches a
/// few 4 KB pages, not a 2 MB one it must zero whole.
const SMALL_PREFIX: usize = 2 * HUGE_PAGE;

/// Where the elements live, so `Drop` gives them back the same way.
enum Memory {
    Heap(Layout),
    #[cfg(target_os = "linux")]
    Mapped(usize),
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
        BigTable::with_pages(len, Pages::Huge)
    }

    /// `len` zeroed elements for a table that uses a prefix of them and doubles it as it
    /// fills: the first few megabytes on ordinary pages (a small search touches a few
    /// kilobytes, where the first touch of a huge page would zero 2 MB, a tenth of a
    /// millisecond; pages come as they are touched), the rest on huge pages (a table that has grown large is probed at random
    /// across it). Only what the table touches is ever resident, so `len` is a ceiling.
    pub fn growing(len: usize) -> BigTable<T> {
        BigTable::with_pages(len, Pages::SmallThenHuge)
    }

    fn with_pages(len: usize, pages: Pages) -> BigTable<T> {
        let len = len.max(1);
        let size = std::mem::size_of::<T>()
            .checked_mul(len)
            .unwrap_or_else(|| panic!("table too large"));
        #[cfg(target_os = "linux")]
        if size >= HUGE_PAGE && std::mem::align_of::<T>() <= 4096 {
            if let Some(ptr) = map_zeroed(size, pages) {
                return BigTable {
                    ptr: ptr.cast(),
                    len,
                    memory: Memory::Mapped(size),
                };
            }
        }
        let layout = Layout::from_size_align(size.max(1), std::mem::align_of::<T>())
            .unwrap_or_else(|_| panic!("bad table layout"));
        // SAFETY: the layout has a non-zero size.
        let raw = unsafe { alloc_zeroed(layout) }.cast::<T>();
        let Some(ptr) = NonNull::new(raw) else {
            std::alloc::handle_alloc_error(layout);
        };
        BigTable {
            ptr,
            len,
            memory: Memory::Heap(layout),
        }
    }

    /// Zeroes every element. A mapped table gives its pages back to the kernel (which zeroes
    /// them again on first touch), so clearing takes microseconds whatever the size and frees
    /// the memory; a heap table (small) is filled.
    ///
    /// Takes `&self` because tables of atomics are shared; the caller must make sure no other
    /// thread uses the table meanwhile (a search table is cleared only between searches).
    pub fn clear(&self) {
        #[cfg(target_os = "linux")]
        if let Memory::Mapped(size) = self.memory {
            // SAFETY: the range is this table's own private anonymous mapping; MADV_DONTNEED
            // makes its next reads return zero pages, which are valid `T`s (Zeroable).
            let done =
                unsafe { libc::madvise(self.ptr.as_ptr().cast(), size, libc::MADV_DONTNEED) };
            if done == 0 {
                return;
            }
        }
        // SAFETY: `len` elements from `ptr`, all ours; zero bytes are valid `T`s. Writing
        // through a shared reference is sound only without concurrent use (see above), as for
        // the madvise path.
        unsafe { std::ptr::write_bytes(self.ptr.as_ptr(), 0, self.len) };
    }

    pub fn as_slice(&self) -> &[T] {
        // SAFETY: ptr points to len zeroed, hence initialised, elements (T: Zeroable).
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Zeroable> std::ops::DerefMut for BigTable<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as in `as_slice`, and `&mut self` makes the access exclusive.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
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
        match self.memory {
            // SAFETY: allocated in `new` with exactly this layout; the elements are plain data.
            Memory::Heap(layout) => unsafe { dealloc(self.ptr.as_ptr().cast(), layout) },
            // SAFETY: mapped in `new` with exactly this size and not unmapped since.
            #[cfg(target_os = "linux")]
            Memory::Mapped(size) => unsafe {
                libc::munmap(self.ptr.as_ptr().cast(), size);
            },
        }
    }
}

/// An anonymous private mapping of `size` zero bytes, marked for huge pages as `pages` asks.
#[cfg(target_os = "linux")]
fn map_zeroed(size: usize, pages: Pages) -> Option<NonNull<u8>> {
    // SAFETY: a fresh anonymous mapping touches no existing memory; the result is checked.
    let ptr = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            size,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        )
    };
    if ptr == libc::MAP_FAILED {
        return None;
    }
    let small = match pages {
        Pages::Huge => 0,
        Pages::SmallThenHuge => SMALL_PREFIX.min(size),
    };
    if small < size {
        // SAFETY: the range lies in the mapping just made (`small` is a multiple of the page
        // size); madvise only changes paging policy, and a failure (e.g. THP disabled) leaves
        // ordinary pages.
        unsafe {
            libc::madvise(
                ptr.cast::<u8>().add(small).cast(),
                size - small,
                libc::MADV_HUGEPAGE,
            );
        }
    }
    NonNull::new(ptr.cast())
}

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

    #[test]
    fn clear_zeroes_mapped_and_heap_tables() {
        for len in [3, 1 << 19] {
            let table: BigTable<AtomicU64> = BigTable::new(len);
            table[1].store(7, Ordering::Relaxed);
            table[len - 1].store(9, Ordering::Relaxed);
            table.clear();
            assert!(
                table.iter().all(|x| x.load(Ordering::Relaxed) == 0),
                "{len}"
            );
            table[2].store(5, Ordering::Relaxed);
            assert_eq!(table[2].load(Ordering::Relaxed), 5);
        }
    }
}
