//! The global pool as the command line builds it (`pipeline::init_global_pool`): the thread that
//! calls `map_ordered` is one of the pool's threads and maps batches of items while it waits. Its own test
//! binary, because the global pool can be built once per process.

use std::thread::ThreadId;
use std::time::Duration;

use feedlint::pipeline::{PIECE, init_global_pool, map_ordered};

#[test]
fn the_calling_thread_maps_items_while_it_waits_and_order_is_kept() {
    init_global_pool(Some(2));
    assert_eq!(rayon::current_num_threads(), 2);
    let caller = std::thread::current().id();
    let mut out: Vec<(usize, ThreadId)> = Vec::new();
    // Chunks of four batches: the pool's two threads share each chunk's batches.
    let n = PIECE * 8;
    map_ordered(
        0..n,
        PIECE * 4,
        |x| {
            let on = std::thread::current().id();
            // The other thread is slow, so the caller has chunk items to help with.
            if on != caller {
                std::thread::sleep(Duration::from_millis(1));
            }
            (x, on)
        },
        |r| {
            out.push(r);
            Ok::<(), ()>(())
        },
    )
    .unwrap();
    assert_eq!(
        out.iter().map(|r| r.0).collect::<Vec<_>>(),
        (0..n).collect::<Vec<_>>(),
        "results in input order"
    );
    let by_caller = out.iter().filter(|r| r.1 == caller).count();
    assert!(
        by_caller > 0,
        "the calling thread mapped none of the {n} items"
    );
}
