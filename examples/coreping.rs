//! The round trip of one cache line between two threads, in nanoseconds: `cargo run --release
//! --example coreping [ROUNDS]` (default 100,000).
//!
//! Two threads pass a counter back and forth through one atomic, each spinning until the other
//! has written it, and the mean time of a round trip is printed. It says how far apart the
//! operating system (and, in a virtual machine, the host) has placed the two cores the threads
//! run on: on the 2-vCPU AMD EPYC guest of docs/performance.md it is about 65 ns when the two
//! vCPUs share a cache and about 320 ns when they do not, and the second placement makes every
//! cache line that `--jobs 2` hands from one thread to the other dearer (two threads then used
//! 1.5–1.7x the CPU of one on the same work, against 1.1x). `scripts/bench.sh` runs it before
//! each round of every feed's rows and of its `--jobs` rows, and prints what it measured.
//!
//! Prints `-` on a machine with one CPU, where two spinning threads would take turns.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A round trip slower than this means the other thread is not running: give up.
const STALL: Duration = Duration::from_secs(2);

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let rounds: u64 = std::env::args().nth(1).map_or(Ok(100_000), |a| a.parse())?;
    if std::thread::available_parallelism().map_or(1, std::num::NonZero::get) < 2 || rounds == 0 {
        println!("-");
        return Ok(());
    }
    let turn = Arc::new(AtomicU64::new(0));
    let other = Arc::clone(&turn);
    // The other thread answers each odd value with the next even one.
    let echo = std::thread::spawn(move || {
        for i in 0..rounds {
            if !wait_for(&other, 2 * i + 1) {
                return;
            }
            other.store(2 * i + 2, Ordering::Release);
        }
    });
    // A few rounds first, so that both threads are running before the clock starts.
    let warm = rounds.min(1_000);
    let mut start = Instant::now();
    for i in 0..rounds {
        if i == warm {
            start = Instant::now();
        }
        turn.store(2 * i + 1, Ordering::Release);
        if !wait_for(&turn, 2 * i + 2) {
            return Err("the other thread stopped answering (one CPU free?)".into());
        }
    }
    let timed = rounds - warm;
    let elapsed = start.elapsed();
    echo.join().map_err(|_| "the other thread panicked")?;
    if timed == 0 {
        println!("-");
    } else {
        // u64 nanoseconds cover 584 years; the count of rounds fits an f64 exactly below 2^53.
        #[allow(clippy::cast_precision_loss, reason = "a mean for people to read")]
        let mean = elapsed.as_nanos() as f64 / timed as f64;
        println!("{mean:.0}");
    }
    Ok(())
}

/// Spins until `turn` holds `value`; false after [`STALL`].
fn wait_for(turn: &AtomicU64, value: u64) -> bool {
    let start = Instant::now();
    let mut spins = 0_u32;
    while turn.load(Ordering::Acquire) != value {
        std::hint::spin_loop();
        spins = spins.wrapping_add(1);
        if spins % 4096 == 0 && start.elapsed() > STALL {
            return false;
        }
    }
    true
}
