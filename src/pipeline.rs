//! Parallel inside, deterministic outside: map items on rayon in chunks and hand the results to
//! a sink strictly in input order. Memory is bounded by a handful of chunks in flight (at most
//! [`IN_FLIGHT`] with the mappers, queued or being mapped or mapped, and the one being read or
//! written), never by the length of the input. [`map_parts`] does the same for input that comes
//! in parts any thread can read (a delimited feed), each part mapped whole on the thread that
//! takes it, at most [`PARTS_IN_FLIGHT`] parts at once.

use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError, sync_channel};

use rayon::Yield;
use rayon::prelude::*;

/// Default number of items per chunk: large enough to amortise the hand-over between the calling
/// thread, the mappers and the rayon workers, small enough that the products of the chunks in
/// flight stay in the CPU caches between being read (on the calling thread) and being checked (on
/// a worker). At most [`IN_FLIGHT`] + 1 chunks are alive at once (module docs). The best size
/// depends on the machine's caches (docs/performance.md, "Jobs" and "c959415"): on 200,000
/// products, `validate --jobs 2` on a 2-core Intel Xeon VM took 1.39 s with 1,024, 1.41 s with
/// 2,048, 1.48 s with 4,096 and 1.50 s with 256 (best of 3, 2026-11-25); on a 2-core AMD EPYC
/// (Zen 4) VM, 1,000,000 products, six alternating rounds, 512 took 3.92 s (CPU 7.43 s) against
/// 4.31 s (CPU 8.23 s) with 1,024, and 256 about the same as 512 (2026-11-28); RSS neither
/// faster nor slower; on a 2-core Intel Xeon VM again, 1,000,000 products, four alternating
/// rounds, 512 took 2.99 s, 1,024 2.96 s (within the rounds' spread, with a quarter more memory)
/// and 256 3.23 s (2026-12-05). 512 is the best measured on the AMD VM and as good as any on the
/// second Intel one.
pub const DEFAULT_CHUNK: usize = 512;

/// Items one rayon job maps, and the size of the batches [`map_batches`] hands its mapper. Left
/// to itself rayon splits a chunk into a few large jobs, and at the end of a chunk one thread
/// could wait while the other finished a quarter of it; with jobs of 64 products the wait is
/// short (200k CSV `validate --jobs 2`, eight alternating runs: mean 1.116 -> 1.051 s;
/// docs/performance.md, 1b67f32). A batch is also what the rules engine checks rule by rule
/// (`Engine::check_batch`): batches of 16, 32 and 64 measured the same, 4 lost the gain.
pub const PIECE: usize = 64;

/// Mapper threads of [`map_batches`], each handing its chunks to the rayon pool one after the
/// other. With one, the pool had no work of the next chunk until the last batch of a chunk was
/// done, and one thread waited for the other at the end of every chunk (about half a batch
/// each time: with `--jobs 2` the two cores were busy ~93% of the wall time); with two, the
/// batches of the next chunk are in the pool meanwhile. CSV `validate --jobs 2`, alternating
/// runs: 200k, one mapper with two chunks 0.886 s against two mappers with three 0.858 s, and
/// two mappers with four 0.816 s against three 0.830 s; 1M, one mapper 4.67 s against two with
/// four 4.41 s (docs/performance.md).
pub const MAPPERS: usize = 2;

/// Chunks with the mappers at once, [`IN_FLIGHT`] / [`MAPPERS`] each: one being mapped and one
/// queued per mapper. With two mappers and two chunks the calling thread, helping in the pool
/// while it waited, could take on a whole chunk's work and read nothing meanwhile (200k: 1.048 s
/// against 0.918 s with one mapper).
pub const IN_FLIGHT: usize = 4;

/// Reads `items` in chunks of `chunk` (at least 1), maps each chunk in parallel with `map`, and
/// calls `sink` with every result in input order. Stops at the first error returned by `sink`
/// and returns it. [`map_batches`] with a mapper that maps the items of a batch one by one.
pub fn map_ordered<I, T, R, E, M, S>(items: I, chunk: usize, map: M, sink: S) -> Result<(), E>
where
    I: Iterator<Item = T> + Send,
    T: Send,
    R: Send,
    M: Fn(T) -> R + Sync + Send,
    S: FnMut(R) -> Result<(), E>,
{
    map_batches(
        items,
        chunk,
        |batch: Vec<T>| batch.into_iter().map(&map).collect(),
        sink,
    )
}

/// Reads `items` in chunks of `chunk` (at least 1), cuts each chunk into batches of [`PIECE`]
/// items, maps the batches in parallel with `map`, which returns one result per item of its
/// batch, in the batch's order, and calls `sink` with every result in input order. Stops at the
/// first error returned by `sink` and returns it.
///
/// With more than one rayon thread (`--jobs`), reading, mapping and sinking overlap: [`MAPPERS`]
/// mapper threads take the chunks in turn and hand each to the rayon pool while the calling
/// thread runs `sink` on the chunk before and reads the next one; while it waits for results it
/// maps batches in the pool itself when it is one of the pool's threads ([`init_global_pool`]).
/// At most [`IN_FLIGHT`] chunks are with the mappers, so memory stays flat. With one rayon thread
/// (`--jobs 1`) everything runs on the calling thread, one batch at a time, so `--jobs 1` really
/// is one core's worth of work.
pub fn map_batches<I, T, R, E, M, S>(items: I, chunk: usize, map: M, mut sink: S) -> Result<(), E>
where
    I: Iterator<Item = T> + Send,
    T: Send,
    R: Send,
    M: Fn(Vec<T>) -> Vec<R> + Sync + Send,
    S: FnMut(R) -> Result<(), E>,
{
    let chunk = chunk.max(1);
    let mut items = items;
    if rayon::current_num_threads() <= 1 {
        loop {
            let batch = take_up_to(&mut items, PIECE);
            if batch.is_empty() {
                return Ok(());
            }
            for r in map(batch) {
                sink(r)?;
            }
        }
    }
    std::thread::scope(|scope| {
        // The mappers: chunk k goes to mapper k % MAPPERS, which hands its chunks to the rayon
        // pool one after the other; the pool keeps each chunk's order.
        let map = &map;
        let mut chunk_txs = Vec::with_capacity(MAPPERS);
        let mut result_rxs = Vec::with_capacity(MAPPERS);
        for _ in 0..MAPPERS {
            let (chunk_tx, chunk_rx) = sync_channel::<Vec<T>>(IN_FLIGHT / MAPPERS);
            let (result_tx, result_rx) = sync_channel::<Vec<Vec<R>>>(IN_FLIGHT / MAPPERS);
            chunk_txs.push(chunk_tx);
            result_rxs.push(result_rx);
            scope.spawn(move || {
                for current in chunk_rx {
                    let results: Vec<Vec<R>> = current
                        .into_par_iter()
                        .chunks(PIECE)
                        .with_max_len(1)
                        .map(map)
                        .collect();
                    if result_tx.send(results).is_err() {
                        break;
                    }
                }
            });
        }
        // The calling thread reads and sinks: it keeps IN_FLIGHT chunks with the mappers, and
        // while they are mapped it writes the results of the chunk before and reads the next;
        // results come back from the mappers in turn, so in input order. Items are read and
        // dropped on one thread, which keeps the allocator's frees local. Returning early drops
        // the channels, which stops the mappers.
        // Chunks sent to the mappers, and chunks whose results came back.
        let mut sent = 0_usize;
        let mut received = 0_usize;
        let mut input_done = false;
        loop {
            if !input_done && sent - received < IN_FLIGHT {
                let next = take_up_to(&mut items, chunk);
                if next.is_empty() {
                    input_done = true;
                } else if chunk_txs[sent % MAPPERS].send(next).is_ok() {
                    sent += 1;
                    continue;
                } else {
                    break;
                }
            }
            if sent == received {
                break;
            }
            let Some(results) = wait_helping(&result_rxs[received % MAPPERS]) else {
                break;
            };
            received += 1;
            for r in results.into_iter().flatten() {
                sink(r)?;
            }
        }
        Ok(())
    })
}

/// Parts (of a delimited feed: `feed::FeedParts`) taken from `next` at most this many ahead of
/// the part whose results the sink takes next: memory stays flat. The calling thread also
/// writes every result, so the other threads get ahead of it; with 4, the other thread of
/// `--jobs 2` waited for the window 230–256 times per 1M CSV rows, 180–200 ms in all (9% of
/// the run), with 8 for 7–18 times, 13–20 ms (docs/performance.md, "map_parts").
pub const PARTS_IN_FLIGHT: usize = 8;

/// Maps the parts `next` cuts, in parallel, each on the thread that takes it, and calls `sink`
/// with every part's result in the order `next` numbered them (0, 1, 2...). What `sink` leaves of
/// a result (`G`) is dropped by the thread that mapped the part.
///
/// Unlike [`map_batches`], where the calling thread reads every item and the others check them,
/// here every thread (the calling one and `--jobs` − 1 others) takes the next part from `next`
/// (one thread at a time), maps it whole and keeps going, so that what a part's mapping
/// allocates (its products, their reports) is written, read and freed on one core. Only the
/// results cross to the calling thread, which sinks them in order between parts of its own.
/// At most [`PARTS_IN_FLIGHT`] parts are taken ahead of the one to sink next. Stops at the first
/// error returned by `sink` and returns it. With one rayon thread (`--jobs 1`) everything runs
/// on the calling thread.
pub fn map_parts<P, R, G, E, N, M, S>(next: N, map: M, mut sink: S) -> Result<(), E>
where
    N: FnMut() -> Option<(u64, P)> + Send,
    P: Send,
    R: Send,
    G: Send,
    M: Fn(P) -> R + Sync,
    S: FnMut(R) -> Result<G, E>,
{
    let helpers = rayon::current_num_threads().saturating_sub(1);
    if helpers == 0 {
        let mut next = next;
        while let Some((_, part)) = next() {
            sink(map(part))?;
        }
        return Ok(());
    }
    let cutter = Window {
        cutter: std::sync::Mutex::new(Cutter {
            next,
            taken: 0,
            due: 0,
            done: false,
        }),
        moved: std::sync::Condvar::new(),
    };
    let map = &map;
    std::thread::scope(|scope| {
        // Results come with the helper that made them (`None`: the calling thread), which
        // gets back what the sink leaves of them to drop: memory freed by the thread that
        // allocated it costs the allocator less than memory freed by another.
        let (tx, rx) = sync_channel::<Mapped<R>>(PARTS_IN_FLIGHT);
        let mut back_txs = Vec::with_capacity(helpers);
        for helper in 0..helpers {
            let tx = tx.clone();
            let (back_tx, back_rx) = std::sync::mpsc::channel::<G>();
            back_txs.push(back_tx);
            let cutter = &cutter;
            scope.spawn(move || help(helper, cutter, map, tx, back_rx));
        }
        drop(tx);
        let result = sink_in_order(&cutter, map, &mut sink, &rx, &back_txs);
        // Stop the helpers: no part is taken after this, and sending to `rx` fails.
        lock(&cutter.cutter).done = true;
        cutter.moved.notify_all();
        drop(rx);
        drop(back_txs);
        result
    })
}

/// A part's number, the helper that mapped it (`None`: the calling thread) and its result.
type Mapped<R> = (u64, Option<usize>, R);

/// The parts of [`map_parts`]: how many were taken, the number of the one to sink next, whether
/// there are no more.
struct Cutter<N> {
    next: N,
    taken: u64,
    due: u64,
    done: bool,
}

impl<N: FnMut() -> Option<(u64, P)>, P> Cutter<N> {
    /// The next part, unless [`PARTS_IN_FLIGHT`] are taken and not sunk (`Err`: wait).
    fn take(&mut self) -> Result<Option<(u64, P)>, ()> {
        if self.done {
            return Ok(None);
        }
        if self.taken >= self.due + PARTS_IN_FLIGHT as u64 {
            return Err(());
        }
        let part = (self.next)();
        match &part {
            Some(_) => self.taken += 1,
            None => self.done = true,
        }
        Ok(part)
    }
}

/// The [`Cutter`] shared by the threads of [`map_parts`], and the signal that its window moved
/// (a part was sunk) or that it is done.
struct Window<N> {
    cutter: std::sync::Mutex<Cutter<N>>,
    moved: std::sync::Condvar,
}

/// A helper thread of [`map_parts`]: maps the next part until there are none or the calling
/// thread stops, dropping what the sink leaves of its results as it comes back.
fn help<P, R, G, N, M>(
    helper: usize,
    window: &Window<N>,
    map: &M,
    tx: std::sync::mpsc::SyncSender<Mapped<R>>,
    back: Receiver<G>,
) where
    N: FnMut() -> Option<(u64, P)>,
    M: Fn(P) -> R,
{
    loop {
        while let Ok(remains) = back.try_recv() {
            drop(remains);
        }
        let taken = {
            let mut c = lock_spinning(&window.cutter);
            loop {
                match c.take() {
                    Ok(taken) => break taken,
                    Err(()) => {
                        c = match window.moved.wait(c) {
                            Ok(c) => c,
                            Err(poisoned) => poisoned.into_inner(),
                        }
                    }
                }
            }
        };
        let Some((number, part)) = taken else {
            break;
        };
        if tx.send((number, Some(helper), map(part))).is_err() {
            break;
        }
    }
    // The remains of the last parts, until the calling thread is done; it is told that this
    // helper sends no more.
    drop(tx);
    for remains in back {
        drop(remains);
    }
}

/// The calling thread of [`map_parts`]: sinks the parts' results in order, mapping parts itself
/// while the window allows and waiting for the helpers' otherwise.
fn sink_in_order<P, R, G, E, N, M, S>(
    window: &Window<N>,
    map: &M,
    sink: &mut S,
    rx: &Receiver<Mapped<R>>,
    back_txs: &[std::sync::mpsc::Sender<G>],
) -> Result<(), E>
where
    N: FnMut() -> Option<(u64, P)>,
    M: Fn(P) -> R,
    S: FnMut(R) -> Result<G, E>,
{
    // Results of parts not yet sunk (this thread's, and helpers' that came early), by number.
    let mut done: std::collections::BTreeMap<u64, (Option<usize>, R)> =
        std::collections::BTreeMap::new();
    // The number of the part to sink next.
    let mut due = 0_u64;
    loop {
        while let Ok((number, helper, r)) = rx.try_recv() {
            done.insert(number, (helper, r));
        }
        let before = due;
        while let Some((helper, r)) = done.remove(&due) {
            let remains = sink(r)?;
            due += 1;
            if let Some(back) = helper.and_then(|h| back_txs.get(h)) {
                // A helper that has stopped has nothing left to free: dropped here.
                let _ = back.send(remains);
            }
        }
        // Map a part here when the window allows one more; else wait for a helper's.
        let part = {
            let mut c = lock_spinning(&window.cutter);
            c.due = due;
            if due != before {
                window.moved.notify_all();
            }
            match c.take() {
                // No more parts, and none left to sink.
                Ok(None) if due == c.taken => return Ok(()),
                Ok(part) => part,
                Err(()) => None,
            }
        };
        match part {
            Some((number, part)) => {
                done.insert(number, (None, map(part)));
            }
            None => match rx.recv() {
                Ok((number, helper, r)) => {
                    done.insert(number, (helper, r));
                }
                // Every helper has stopped. Unless one panicked (which the scope reports as it
                // joins them), the parts taken are all here.
                Err(_) => {
                    if !done.contains_key(&due) {
                        return Ok(());
                    }
                }
            },
        }
    }
}

/// Tries for the lock this many times, a spin-loop hint between tries, before [`lock`] waits
/// for it asleep.
const SPINS: u32 = 2000;

/// [`lock`] for the lock parts are cut under, which is held for a part's read and cut (tens of
/// microseconds) and wanted by every thread once a part: a thread that finds it held spins until
/// it is free rather than sleep at once and be woken, which on a VM took longer than the wait
/// itself (1M CSV `validate --jobs 2`: ~900 sleeps of 10–200 µs, the cores idle ~60 ms in all;
/// spinning, 1,538 -> 429 context switches, eight alternating runs: median 2.210 -> 2.200 s).
fn lock_spinning<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    for _ in 0..SPINS {
        match m.try_lock() {
            Ok(g) => return g,
            Err(std::sync::TryLockError::Poisoned(poisoned)) => return poisoned.into_inner(),
            Err(std::sync::TryLockError::WouldBlock) => std::hint::spin_loop(),
        }
    }
    lock(m)
}

/// The value behind `m`, whether or not a thread panicked holding it (the panic is reported
/// where the thread is joined).
fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    match m.lock() {
        Ok(g) => g,
        Err(poisoned) => poisoned.into_inner(),
    }
}

/// The next `n` items (fewer at the end), in a vector allocated at its full size once: collected
/// from `take`, which tells `collect` nothing of the count a reader yields, the vector grew by
/// doubling, copying the items read so far each time (a chunk of 1,024 products about twice, on
/// the calling thread; −47 instructions per CSV row in batches of 64 with `--jobs 1`,
/// docs/performance.md).
fn take_up_to<T>(items: &mut impl Iterator<Item = T>, n: usize) -> Vec<T> {
    let mut v = Vec::with_capacity(n);
    v.extend(items.take(n));
    v
}

/// Values whose drop is handed to the rayon pool, [`DEFAULT_CHUNK`] at a time, instead of being
/// done by the thread that sinks them.
///
/// For feeds costly to read (XML, JSON) the calling thread of [`map_batches`] is the one the
/// others wait for: it reads every item and writes every result while the workers, which only
/// check, are idle a third of the time (200k RSS `validate --jobs 2`). Freeing each product and
/// its report is work the workers can take: 200k RSS 2.99 -> 2.92 s, 200k JSON array 7.51 ->
/// 7.00 s (means of four and two alternating runs; docs/performance.md). For CSV, where both
/// threads are busy, it changed nothing, and the CSV paths do not use it. Since XML has been
/// read on a thread of its own (`feed::source::read_ahead`) its products are freed by the
/// reading thread again and only their reports come here: memory freed by the thread that
/// allocated it costs the allocator less (`FeedKind::frees_products_where_read`).
///
/// With one thread (`--jobs 1`) values are dropped at once. At most [`MAX_BEHIND`] chunks wait
/// in the pool; past that, a chunk is dropped by the caller, so memory stays bounded.
pub struct DropBehind<T: Send + 'static> {
    pending: Vec<T>,
    in_pool: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    enabled: bool,
}

/// Chunks a [`DropBehind`] may have waiting in the pool at once.
const MAX_BEHIND: usize = 2;

impl<T: Send + 'static> DropBehind<T> {
    /// Drops behind when the current rayon pool has more than one thread.
    #[must_use]
    pub fn new() -> Self {
        Self {
            pending: Vec::new(),
            in_pool: std::sync::Arc::default(),
            enabled: rayon::current_num_threads() > 1,
        }
    }

    /// Takes `value` to drop later, on the pool.
    pub fn push(&mut self, value: T) {
        use std::sync::atomic::Ordering;
        if !self.enabled {
            return;
        }
        self.pending.push(value);
        if self.pending.len() < DEFAULT_CHUNK {
            return;
        }
        let chunk = std::mem::take(&mut self.pending);
        if self.in_pool.load(Ordering::Acquire) >= MAX_BEHIND {
            return;
        }
        self.in_pool.fetch_add(1, Ordering::AcqRel);
        let in_pool = std::sync::Arc::clone(&self.in_pool);
        rayon::spawn(move || {
            drop(chunk);
            in_pool.fetch_sub(1, Ordering::AcqRel);
        });
    }
}

impl<T: Send + 'static> Default for DropBehind<T> {
    fn default() -> Self {
        Self::new()
    }
}

/// The most threads `--jobs` may ask for: far more than the per-product work gains from on any
/// machine, and few enough that starting them does not stall one.
pub const MAX_JOBS: usize = 256;

/// Builds rayon's global pool the way [`map_ordered`] works best: `jobs` threads (`None`: rayon's
/// default, RAYON_NUM_THREADS or one per CPU), the calling thread being one of them
/// (`use_current_thread`), so that while it waits for the results of a chunk it checks products
/// of that chunk too, and `--jobs N` keeps N threads busy on N cores instead of N workers plus a
/// reading and writing thread competing with them. Call it once, from the thread that will call
/// [`map_ordered`]; a second call keeps the first pool.
pub fn init_global_pool(jobs: Option<usize>) {
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.map_or(0, |jobs| jobs.clamp(1, MAX_JOBS)))
        .use_current_thread()
        .build_global();
}

/// Waits for the next message on `rx`. When the calling thread is one of the global pool's threads
/// ([`init_global_pool`]), it maps items of the chunk in the pool meanwhile instead of sleeping.
/// Otherwise it just blocks.
fn wait_helping<R>(rx: &Receiver<R>) -> Option<R> {
    loop {
        match rx.try_recv() {
            Ok(r) => return Some(r),
            Err(TryRecvError::Disconnected) => return None,
            Err(TryRecvError::Empty) => {}
        }
        match rayon::yield_now() {
            Some(Yield::Executed) => {}
            // Nothing to help with right now: sleep until the results come, but only briefly,
            // since the pool may have work again before then.
            Some(Yield::Idle) => match rx.recv_timeout(HELP_POLL) {
                Ok(r) => return Some(r),
                Err(RecvTimeoutError::Disconnected) => return None,
                Err(RecvTimeoutError::Timeout) => {}
            },
            None => return rx.recv().ok(),
        }
    }
}

/// How long the calling thread sleeps when the pool had no work for it before looking again.
const HELP_POLL: std::time::Duration = std::time::Duration::from_micros(100);

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn results_come_out_in_input_order(n in 0usize..5000, chunk in 1usize..300) {
            let mut out = Vec::new();
            map_ordered(0..n, chunk, |x| x * 2, |r| { out.push(r); Ok::<(), ()>(()) }).unwrap();
            prop_assert_eq!(out, (0..n).map(|x| x * 2).collect::<Vec<_>>());
        }

        #[test]
        fn batches_are_at_most_a_piece_and_results_come_out_in_input_order(
            n in 0usize..5000,
            chunk in 1usize..300,
            jobs in 1usize..4,
        ) {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build().unwrap();
            let (out, largest) = pool.install(|| {
                let largest = std::sync::atomic::AtomicUsize::new(0);
                let mut out = Vec::new();
                map_batches(
                    0..n,
                    chunk,
                    |batch: Vec<usize>| {
                        largest.fetch_max(batch.len(), std::sync::atomic::Ordering::Relaxed);
                        batch.into_iter().map(|x| x * 3).collect()
                    },
                    |r| {
                        out.push(r);
                        Ok::<(), ()>(())
                    },
                )
                .unwrap();
                (out, largest.into_inner())
            });
            prop_assert_eq!(out, (0..n).map(|x| x * 3).collect::<Vec<_>>());
            // Batches of PIECE items; with several threads a chunk is cut into batches.
            let chunk_bound = if jobs > 1 { chunk } else { usize::MAX };
            prop_assert_eq!(largest, n.min(PIECE).min(chunk_bound));
        }
    }

    /// A value that counts the live ones and notes the thread that dropped it.
    struct Counted {
        live: std::sync::Arc<std::sync::atomic::AtomicUsize>,
        dropped_on: std::sync::Arc<std::sync::Mutex<Vec<std::thread::ThreadId>>>,
    }

    impl Drop for Counted {
        fn drop(&mut self) {
            self.live.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
            if let Ok(mut v) = self.dropped_on.lock() {
                v.push(std::thread::current().id());
            }
        }
    }

    /// Pushes `n` counted values (a whole number of chunks) into a `DropBehind` on a pool of
    /// `threads`, checking after each push that at most `bound` are alive; returns the caller's
    /// thread and the dropping threads once every value is dropped.
    fn drop_behind(
        threads: usize,
        n: usize,
        bound: usize,
    ) -> (std::thread::ThreadId, Vec<std::thread::ThreadId>) {
        use std::sync::atomic::Ordering;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let live = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let dropped_on = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let caller = pool.install(|| {
            let mut behind = DropBehind::new();
            for _ in 0..n {
                live.fetch_add(1, Ordering::SeqCst);
                behind.push(Counted {
                    live: live.clone(),
                    dropped_on: dropped_on.clone(),
                });
                assert!(
                    live.load(Ordering::SeqCst) <= bound,
                    "more than {bound} alive"
                );
            }
            // `n` is a whole number of chunks: none is left pending. Sleeping (not helping
            // the pool), the caller leaves the chunks in the pool to the other threads.
            let start = std::time::Instant::now();
            while live.load(Ordering::SeqCst) > 0 {
                assert!(start.elapsed().as_secs() < 30, "values never dropped");
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            std::thread::current().id()
        });
        let dropped = dropped_on.lock().unwrap().clone();
        assert_eq!(dropped.len(), n);
        (caller, dropped)
    }

    #[test]
    fn with_one_thread_values_are_dropped_at_once() {
        let (caller, dropped) = drop_behind(1, 3 * DEFAULT_CHUNK, 1);
        assert!(dropped.iter().all(|t| *t == caller));
    }

    #[test]
    fn with_two_threads_values_are_dropped_on_the_pool_and_stay_bounded() {
        let n = 20 * DEFAULT_CHUNK;
        let (caller, dropped) = drop_behind(2, n, (MAX_BEHIND + 1) * DEFAULT_CHUNK);
        let elsewhere = dropped.iter().filter(|t| **t != caller).count();
        assert!(
            elsewhere >= DEFAULT_CHUNK,
            "{elsewhere} values dropped on another thread"
        );
    }

    #[test]
    fn one_thread_runs_in_order_on_the_calling_thread() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let caller = std::thread::current().id();
        let out = pool.install(|| {
            let mut out = Vec::new();
            map_ordered(
                0..1000,
                7,
                |x| (x, std::thread::current().id()),
                |r| {
                    out.push(r);
                    Ok::<(), ()>(())
                },
            )
            .unwrap();
            out
        });
        assert_eq!(
            out.iter().map(|r| r.0).collect::<Vec<_>>(),
            (0..1000).collect::<Vec<_>>()
        );
        let worker = out[0].1;
        assert_ne!(
            worker, caller,
            "install runs the closure on the pool's one thread"
        );
        assert!(
            out.iter().all(|r| r.1 == worker),
            "every item mapped on that one thread"
        );
    }

    /// A pool of `threads` where `map_batches` runs on one of its threads, as `init_global_pool`
    /// sets up the global one.
    fn pool_with_caller(threads: usize) -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .use_current_thread()
            .build()
            .unwrap()
    }

    /// A pool of `threads`, in which `install` runs the caller's closure on one of them.
    fn plain_pool(threads: usize) -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
    }

    /// `n` parts numbered 0.. as `FeedParts::next_part` gives them.
    fn numbered(n: u64) -> impl FnMut() -> Option<(u64, u64)> + Send {
        let mut i = 0;
        move || {
            (i < n).then(|| {
                i += 1;
                (i - 1, i - 1)
            })
        }
    }

    proptest! {
        #[test]
        fn parts_are_sunk_in_their_order_whichever_thread_maps_them(
            n in 0u64..120,
            jobs in 1usize..4,
            slow in 1u64..5,
        ) {
            let pool = plain_pool(jobs);
            let out = pool.install(|| {
                let mut out = Vec::new();
                map_parts(
                    numbered(n),
                    |x| {
                        // Some parts take longer, so that later ones are done first.
                        if x % slow == 0 {
                            std::thread::sleep(std::time::Duration::from_micros(200));
                        }
                        x * 3
                    },
                    |r| {
                        out.push(r);
                        Ok::<(), ()>(())
                    },
                )
                .unwrap();
                out
            });
            prop_assert_eq!(out, (0..n).map(|x| x * 3).collect::<Vec<_>>());
        }
    }

    /// A part's result as the tests' sink leaves it: dropped by the thread that mapped the part,
    /// which it checks.
    struct Remains {
        made_on: std::thread::ThreadId,
        wrong: std::sync::Arc<std::sync::atomic::AtomicUsize>,
        live: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    }

    impl Drop for Remains {
        fn drop(&mut self) {
            use std::sync::atomic::Ordering;
            if std::thread::current().id() != self.made_on {
                self.wrong.fetch_add(1, Ordering::SeqCst);
            }
            self.live.fetch_sub(1, Ordering::SeqCst);
        }
    }

    #[test]
    fn what_the_sink_leaves_is_dropped_where_the_part_was_mapped_and_parts_in_flight_are_bounded() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let pool = plain_pool(2);
        let wrong = std::sync::Arc::new(AtomicUsize::new(0));
        let live = std::sync::Arc::new(AtomicUsize::new(0));
        let most = AtomicUsize::new(0);
        let by_thread = std::sync::Mutex::new(std::collections::HashMap::new());
        pool.install(|| {
            map_parts(
                numbered(400),
                |x| {
                    let now = live.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(std::time::Duration::from_micros(50 + (x % 3) * 100));
                    *by_thread
                        .lock()
                        .unwrap()
                        .entry(std::thread::current().id())
                        .or_insert(0) += 1;
                    Remains {
                        made_on: std::thread::current().id(),
                        wrong: wrong.clone(),
                        live: live.clone(),
                    }
                },
                Ok::<Remains, ()>,
            )
            .unwrap();
        });
        assert_eq!(
            wrong.load(Ordering::SeqCst),
            0,
            "remains dropped on another thread"
        );
        assert_eq!(
            live.load(Ordering::SeqCst),
            0,
            "every part's remains dropped"
        );
        // Taken at most PARTS_IN_FLIGHT ahead of the one sunk next; the helper's remains wait
        // for it to take its next part (or to end).
        let bound = 2 * PARTS_IN_FLIGHT + 2;
        assert!(
            most.load(Ordering::SeqCst) <= bound,
            "{most:?} alive at once"
        );
        let by_thread = by_thread.into_inner().unwrap();
        assert_eq!(by_thread.len(), 2, "both threads map parts: {by_thread:?}");
    }

    #[test]
    fn an_error_of_the_sink_stops_the_parts() {
        use std::sync::atomic::{AtomicU64, Ordering};
        for jobs in [1, 2, 3] {
            let pool = plain_pool(jobs);
            let taken = AtomicU64::new(0);
            let mut sunk = Vec::new();
            let result = pool.install(|| {
                let mut next = numbered(10_000);
                map_parts(
                    || {
                        taken.fetch_add(1, Ordering::SeqCst);
                        next()
                    },
                    |x| x,
                    |x| {
                        if x == 7 {
                            return Err(x);
                        }
                        sunk.push(x);
                        Ok(())
                    },
                )
            });
            assert_eq!(result, Err(7), "jobs {jobs}");
            assert_eq!(sunk, (0..7).collect::<Vec<_>>(), "jobs {jobs}");
            let taken = taken.load(Ordering::SeqCst);
            assert!(
                taken < 100,
                "jobs {jobs}: {taken} parts taken after the error"
            );
        }
    }

    #[test]
    fn chunks_finished_out_of_order_come_out_in_order() {
        // Every other chunk is slow, so the other mapper's chunk after it is done first.
        let _pool = pool_with_caller(2);
        let mut out = Vec::new();
        map_batches(
            0..400_u64,
            10,
            |batch: Vec<u64>| {
                if batch.first().is_some_and(|x| (x / 10) % 2 == 0) {
                    std::thread::sleep(std::time::Duration::from_millis(2));
                }
                batch
            },
            |x| {
                out.push(x);
                Ok::<(), ()>(())
            },
        )
        .unwrap();
        assert_eq!(out, (0..400).collect::<Vec<_>>());
    }

    #[test]
    fn at_most_in_flight_chunks_are_read_ahead_of_the_sink() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let _pool = pool_with_caller(2);
        let chunk = 8;
        let read = AtomicUsize::new(0);
        let mut sunk = 0;
        let mut ahead = 0;
        map_batches(
            (0..2_000).inspect(|_| {
                read.fetch_add(1, Ordering::Relaxed);
            }),
            chunk,
            |batch: Vec<u32>| batch,
            |_| {
                ahead = ahead.max(read.load(Ordering::Relaxed) - sunk);
                sunk += 1;
                Ok::<(), ()>(())
            },
        )
        .unwrap();
        assert_eq!(sunk, 2_000);
        assert!(ahead <= IN_FLIGHT * chunk, "{ahead} items read ahead");
        assert!(ahead > chunk, "chunks are read ahead ({ahead})");
    }

    #[test]
    fn sink_error_stops_the_reader_of_an_endless_input() {
        // An endless input: the run must still end, because the sink's error stops every stage.
        let r = map_ordered(
            0..,
            16,
            |x: u64| x,
            |x| if x == 1000 { Err(x) } else { Ok(()) },
        );
        assert_eq!(r, Err(1000));
    }

    #[test]
    fn sink_error_stops_the_run() {
        let mut seen = 0;
        let r = map_ordered(
            0..100,
            7,
            |x| x,
            |x| {
                seen += 1;
                if x == 10 { Err("stop") } else { Ok(()) }
            },
        );
        assert_eq!(r, Err("stop"));
        assert_eq!(seen, 11);
    }

    /// A panic in the sink or in the mapper while chunks are in flight unwinds out of
    /// `map_batches` (so that the command's `catch` turns it into exit 2) instead of leaving the
    /// other threads waiting on each other; an endless input shows that nothing waits for the
    /// input to end.
    #[test]
    fn a_panic_in_the_sink_or_the_mapper_ends_the_run() {
        let _pool = pool_with_caller(2);
        let in_sink = std::panic::catch_unwind(|| {
            map_batches(
                0_u64..,
                16,
                |batch: Vec<u64>| batch,
                |x| {
                    assert!(x != 5_000, "sink stops at {x}");
                    Ok::<(), ()>(())
                },
            )
        });
        assert!(in_sink.is_err());
        let in_map = std::panic::catch_unwind(|| {
            map_batches(
                0_u64..,
                16,
                |batch: Vec<u64>| {
                    assert!(!batch.contains(&5_000), "mapper stops");
                    batch
                },
                |_| Ok::<(), ()>(()),
            )
        });
        assert!(in_map.is_err());
    }
}
