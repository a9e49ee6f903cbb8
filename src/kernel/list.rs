//! Lists on the stack that grow onto the heap, so move generation does not allocate in the
//! common case and no move is ever lost.
//!
//! Problem positions are validated leniently (no bound on material), so the 218 legal moves of
//! a game position are no bound here: `QQQQQQnk/Q4Qnn/Q5QQ/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w` has 263,
//! and fairy pieces (amazons, nightriders) raise the count further. A list keeps its first `N`
//! values inline and moves to the heap when it needs more: sizing the inline array to the
//! worst case instead ([`crate::board::MAX_MOVES`]) costs the solver 13 % (bigger frames at
//! every node). The board's move list is `StackList<Move, INLINE_MOVES>` ([`crate::board::MoveList`]).

use std::mem::MaybeUninit;

/// A list of small `Copy` values: the first `N` inline, more on the heap.
pub struct StackList<T: Copy, const N: usize> {
    inline: [MaybeUninit<T>; N],
    len: usize,
    /// Every value once the list has grown past `N` (then `inline` is stale); empty before.
    spilled: Vec<T>,
}

impl<T: Copy, const N: usize> StackList<T, N> {
    /// An empty list. The inline array is left unwritten: built as a struct literal, the
    /// compiler zeroes it with a `memset` (the array's "uninit" merged with `len`'s zero), which
    /// every move generation of the solver paid for.
    #[inline]
    pub fn new() -> Self {
        let mut list = MaybeUninit::<Self>::uninit();
        let fields = list.as_mut_ptr();
        // SAFETY: `len` and `spilled` are written here; `inline` holds `MaybeUninit` values,
        // which need no initialisation.
        unsafe {
            std::ptr::addr_of_mut!((*fields).len).write(0);
            std::ptr::addr_of_mut!((*fields).spilled).write(Vec::new());
            list.assume_init()
        }
    }

    #[inline]
    fn is_spilled(&self) -> bool {
        self.len > N
    }

    /// Appends a value.
    #[inline]
    pub fn push(&mut self, value: T) {
        if self.len < N {
            self.inline[self.len] = MaybeUninit::new(value);
            self.len += 1;
        } else {
            self.push_spilled(value);
        }
    }

    #[cold]
    #[inline(never)]
    fn push_spilled(&mut self, value: T) {
        if !self.is_spilled() {
            let inline = self.as_slice().to_vec();
            self.spilled = inline;
        }
        self.spilled.push(value);
        self.len += 1;
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
        self.spilled.clear();
    }

    #[inline]
    pub fn as_slice(&self) -> &[T] {
        if self.is_spilled() {
            return self.spilled_slice();
        }
        // SAFETY: the first `len` ≤ N inline entries were written by `push`.
        unsafe { std::slice::from_raw_parts(self.inline.as_ptr().cast::<T>(), self.len) }
    }

    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        if self.is_spilled() {
            return self.spilled_mut_slice();
        }
        // SAFETY: the first `len` ≤ N inline entries were written by `push`.
        unsafe { std::slice::from_raw_parts_mut(self.inline.as_mut_ptr().cast::<T>(), self.len) }
    }

    #[cold]
    fn spilled_slice(&self) -> &[T] {
        &self.spilled
    }

    #[cold]
    fn spilled_mut_slice(&mut self) -> &mut [T] {
        &mut self.spilled
    }

    /// Keeps the values for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(T) -> bool) {
        if self.is_spilled() {
            self.spilled.retain(|&v| keep(v));
            self.len = self.spilled.len();
            if self.len <= N {
                // Back inline, so `len ≤ N` keeps meaning "the inline entries are current".
                for (slot, &v) in self.inline.iter_mut().zip(self.spilled.iter()) {
                    *slot = MaybeUninit::new(v);
                }
                self.spilled.clear();
            }
            return;
        }
        let mut j = 0;
        for i in 0..self.len {
            // SAFETY: i < len ≤ N.
            let value = unsafe { self.inline[i].assume_init() };
            if keep(value) {
                self.inline[j] = MaybeUninit::new(value);
                j += 1;
            }
        }
        self.len = j;
    }

    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.as_slice().iter()
    }
}

impl<T: Copy + PartialEq, const N: usize> StackList<T, N> {
    pub fn contains(&self, value: T) -> bool {
        self.as_slice().contains(&value)
    }
}

impl<T: Copy, const N: usize> Default for StackList<T, N> {
    fn default() -> Self {
        StackList::new()
    }
}

impl<T: Copy, const N: usize> std::ops::Deref for StackList<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: Copy, const N: usize> std::ops::DerefMut for StackList<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
}

impl<'a, T: Copy, const N: usize> IntoIterator for &'a StackList<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<T: Copy + std::fmt::Debug, const N: usize> std::fmt::Debug for StackList<T, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_grows_past_its_inline_capacity_and_keeps_every_value() {
        let mut list = StackList::<u16, 4>::new();
        (0..10).for_each(|v| list.push(v));
        assert_eq!(list.len(), 10);
        assert_eq!(list.as_slice(), (0..10).collect::<Vec<_>>().as_slice());
        list.as_mut_slice().reverse();
        assert_eq!(list.iter().next(), Some(&9));
    }

    #[test]
    fn retain_keeps_order_inline_and_spilled() {
        let mut list = StackList::<u8, 8>::new();
        (1..=6).for_each(|v| list.push(v));
        list.retain(|v| v % 2 == 0);
        assert_eq!(list.as_slice(), &[2, 4, 6]);

        let mut list = StackList::<u8, 4>::new();
        (1..=12).for_each(|v| list.push(v));
        list.retain(|v| v % 2 == 0);
        assert_eq!(list.as_slice(), &[2, 4, 6, 8, 10, 12]);
        list.retain(|v| v > 8);
        assert_eq!(list.as_slice(), &[10, 12]);
        list.push(14);
        assert_eq!(list.as_slice(), &[10, 12, 14]);
    }

    #[test]
    fn clear_empties_a_spilled_list() {
        let mut list = StackList::<u8, 2>::new();
        (1..=5).for_each(|v| list.push(v));
        list.clear();
        assert!(list.is_empty());
        list.push(7);
        assert_eq!(list.as_slice(), &[7]);
    }
}
