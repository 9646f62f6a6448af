//! The memory meter of hook calls: how many bytes a running hook holds and how many it has
//! allocated in all, counted by a global allocator that wraps the system one.
//!
//! rhai's own size limits see one value at a time (an array stored in a map is not counted
//! with the map) and its operation limit does not see what an operation copies (cloning a
//! big map is one operation). Bytes are what a hook really costs: every value it builds or
//! clones is allocated, so the bytes held bound its memory and the bytes allocated bound
//! the work of its copies. Both are counts, not clock readings: the same hook on the same
//! position allocates the same bytes, so it always fails or succeeds the same way.
//!
//! Counting is per thread: each allocation counts down what is left of the budgets of the
//! thread's hook call, a [`Meter`] resets them when a call starts, and [`exceeded`] reads
//! them while it runs (the engine asks before every operation, see [`crate::engine`]).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The most bytes a hook call may hold at once (its values, their copies, its call stack).
pub const MAX_HELD_BYTES: u64 = 8 << 20;

/// The most bytes a hook call may allocate in all (every value built or cloned counts).
pub const MAX_ALLOCATED_BYTES: u64 = 32 << 20;

/// The system allocator, counting on each thread the bytes allocated and freed.
///
/// A library cannot choose a program's allocator, so a program that runs hooks it does not
/// trust declares this one (the `holechess` binary does); without it the byte budgets count
/// nothing and only rhai's own limits hold:
///
/// ```
/// #[global_allocator]
/// static ALLOCATOR: holechess_runtime::meter::CountingAllocator = holechess_runtime::meter::CountingAllocator;
/// ```
pub struct CountingAllocator;

// The one `unsafe` of the library crates: a global allocator must implement an unsafe trait.
// SAFETY: every method forwards to `System` with the same arguments; counting touches only
// const-initialised thread-locals (no allocation, no destructor).
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let block = System.alloc(layout);
        if !block.is_null() {
            count_allocated(layout.size());
        }
        block
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let block = System.alloc_zeroed(layout);
        if !block.is_null() {
            count_allocated(layout.size());
        }
        block
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        System.dealloc(block, layout);
        count_freed(layout.size());
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let moved = System.realloc(block, layout, new_size);
        if !moved.is_null() {
            // A reallocation copies the block: it costs its new size, and holds the difference.
            count_allocated(new_size);
            count_freed(layout.size());
        }
        moved
    }
}

/// The crate's own unit tests count through it too.
#[cfg(test)]
#[global_allocator]
static TEST_ALLOCATOR: CountingAllocator = CountingAllocator;

thread_local! {
    /// The budgets left to the hook call running on this thread (counted down by every
    /// allocation of the thread, reset when a call starts).
    static LEFT: Cell<Left> = const { Cell::new(Left { held: 0, allocated: 0, running: false }) };
}

/// What is left of the budgets, in bytes (below zero once one is overrun).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Left {
    held: i64,
    allocated: i64,
    running: bool,
}

impl Left {
    const FULL: Left = Left { held: MAX_HELD_BYTES as i64, allocated: MAX_ALLOCATED_BYTES as i64, running: true };
}

fn count_allocated(bytes: usize) {
    // `try_with`: a thread being torn down still allocates; it is simply not counted.
    let _ = LEFT.try_with(|left| {
        let mut now = left.get();
        now.held = now.held.wrapping_sub(bytes as i64);
        now.allocated = now.allocated.wrapping_sub(bytes as i64);
        left.set(now);
    });
}

fn count_freed(bytes: usize) {
    let _ = LEFT.try_with(|left| {
        let mut now = left.get();
        now.held = now.held.wrapping_add(bytes as i64);
        left.set(now);
    });
}

/// What a hook call has used since its start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Usage {
    /// Bytes allocated and not freed (may be below zero when it freed older values).
    pub held: i64,
    /// Bytes allocated in all.
    pub allocated: u64,
}

/// Which budget a hook call went over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overrun {
    Held,
    Allocated,
}

impl Overrun {
    /// The refusal, for the hook's author.
    pub fn message(self) -> String {
        match self {
            Overrun::Held => format!(
                "the hook holds more than {} MB of values (arrays, maps and strings, nested ones included)",
                MAX_HELD_BYTES >> 20
            ),
            Overrun::Allocated => format!(
                "the hook built or copied more than {} MB of values in one call (each copy of an array or map counts)",
                MAX_ALLOCATED_BYTES >> 20
            ),
        }
    }
}

/// The metering of one hook call on this thread: started by [`Meter::start`], ended when
/// dropped (a call inside a call meters on its own, and its use counts for the outer one).
#[derive(Debug)]
pub struct Meter {
    outer: Left,
}

impl Meter {
    pub fn start() -> Meter {
        Meter { outer: LEFT.with(|left| left.replace(Left::FULL)) }
    }
}

impl Drop for Meter {
    fn drop(&mut self) {
        LEFT.with(|left| {
            let inner = left.get();
            let outer = match self.outer.running {
                true => Left {
                    held: self.outer.held - (Left::FULL.held - inner.held),
                    allocated: self.outer.allocated - (Left::FULL.allocated - inner.allocated),
                    running: true,
                },
                false => self.outer,
            };
            left.set(outer);
        });
    }
}

/// What the running hook call has used (`None` when no hook runs on this thread).
pub fn usage() -> Option<Usage> {
    let left = LEFT.with(Cell::get);
    left.running.then(|| Usage {
        held: Left::FULL.held.wrapping_sub(left.held),
        allocated: Left::FULL.allocated.wrapping_sub(left.allocated) as u64,
    })
}

/// The budget the running hook call has gone over, if any (asked before every operation:
/// one read of the thread's budgets).
#[inline]
pub fn exceeded() -> Option<Overrun> {
    let left = LEFT.with(Cell::get);
    if !left.running || (left.held >= 0 && left.allocated >= 0) {
        return None;
    }
    Some(if left.held < 0 { Overrun::Held } else { Overrun::Allocated })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_meter_counts_the_bytes_held_and_allocated_during_its_call() {
        let meter = Meter::start();
        let block = vec![0u8; 1 << 20];
        let copy = block.clone();
        let during = usage().expect("a meter runs");
        assert!(during.held >= 2 << 20, "{during:?}");
        assert!(during.allocated >= 2 << 20, "{during:?}");
        drop((block, copy));
        let after = usage().expect("a meter runs");
        assert!(after.held < 1 << 20, "{after:?}");
        drop(meter);
        assert_eq!(usage(), None);
    }

    #[test]
    fn a_call_inside_a_call_meters_on_its_own_and_counts_for_the_outer_one() {
        let _outer = Meter::start();
        let kept = {
            let _inner = Meter::start();
            let block = vec![0u8; 1 << 20];
            assert!(usage().unwrap().held >= 1 << 20);
            block
        };
        let outer = usage().expect("the outer meter runs again");
        assert!(outer.held >= 1 << 20 && outer.allocated >= 1 << 20, "{outer:?}");
        drop(kept);
    }

    #[test]
    fn holding_more_than_the_budget_is_an_overrun_of_the_held_bytes() {
        let _meter = Meter::start();
        let block = vec![1u8; (MAX_HELD_BYTES + 1) as usize];
        assert_eq!(exceeded(), Some(Overrun::Held));
        drop(block);
    }

    #[test]
    fn copying_a_small_value_many_times_is_an_overrun_of_the_allocated_bytes() {
        let _meter = Meter::start();
        let block = vec![1u8; 1 << 20];
        for _ in 0..(MAX_ALLOCATED_BYTES >> 20) {
            std::hint::black_box(block.clone());
        }
        assert_eq!(exceeded(), Some(Overrun::Allocated));
    }
}
