//! MCTS on the Amazons stays within its memory budget however long it searches (issue 38,
//! item 6: unbounded, its tree grew about 58 MB a second). The heap this test binary holds is
//! measured by a counting allocator, so the bound is on bytes actually allocated, not on the
//! searcher's own estimate; the search is limited by iterations, never by time. One test in
//! its own binary: nothing else allocates while it measures.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use bitgames_amazons::Position;
use bitgames_search::Mcts;

/// The system allocator, counting the bytes live now and the most ever live.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded to the system allocator with the caller's arguments; the
// counters only observe.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller upholds `alloc`'s contract, which `System.alloc` shares.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` above with this layout (the caller's contract).
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

#[test]
fn a_long_amazons_search_stays_within_its_memory_budget() {
    const BUDGET: usize = 2 << 20;
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let mut mcts = Mcts::with_memory_budget(Position::start(), 7, BUDGET);
    // Unbounded, these iterations would make 3,000 nodes of about 9 KB each: 27 MB.
    let result = mcts.search(None, Some(3_000));
    assert_eq!(result.iterations, 3_000, "the full tree keeps searching");
    let mv = result.best_move.expect("the start has moves");
    assert!(Position::start().parse_move(&mv.to_string()).is_ok());
    assert!(mcts.memory_used() <= BUDGET, "{}", mcts.memory_used());
    assert!(
        (100..3_000).contains(&mcts.node_count()),
        "the tree filled its budget and stopped: {} nodes",
        mcts.node_count()
    );
    // What the process really holds: the tree, plus at most one arena growth's copy in
    // flight at the peak, and a little for the search's own bookkeeping.
    let live = LIVE.load(Ordering::Relaxed) - before;
    let peak = PEAK.load(Ordering::Relaxed) - before;
    assert!(live <= BUDGET + (64 << 10), "{live} bytes live");
    assert!(peak <= 2 * BUDGET, "{peak} bytes at the peak");
    // Moving the root down keeps the subtree, still within the budget.
    mcts.advance(mv);
    mcts.search(None, Some(500));
    assert!(mcts.memory_used() <= BUDGET, "{}", mcts.memory_used());
    drop(mcts);
}
