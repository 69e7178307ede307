//! A table of 64-bit keys (hashes) with a 64-bit value each, where the first insertion of a key
//! wins, in memory that does not grow with the number of keys beyond a fixed bound.
//!
//! The duplicate-id and duplicate-GTIN rules must remember every id and GTIN of a feed. Kept in a
//! hash map, that memory grew with the feed (about 90 bytes per product). Here the most recent
//! [`DEFAULT_RECENT`] keys stay in a hash map; when it is full its entries are sorted and written
//! to an anonymous temporary file (a *run*), their keys are added to a fixed-size Bloom filter and
//! the map starts again. A key missing from the map is looked for on disk only when the Bloom
//! filter says it may be there: one block read per run, with the first key of every block of a
//! run kept in memory (8 bytes per 256 keys). When [`MAX_RUNS`] runs exist they are merged into
//! one, on a thread of its own for a caller that runs on several
//! ([`SpillTable::merging_in_the_background`]). Keys found on disk are cached ([`HOT_MAX`]), so
//! a value repeated all over a feed (one GTIN on every product) is read from disk once.
//!
//! Memory: the map (at most [`DEFAULT_RECENT`] entries), the Bloom filter (at most
//! [`BLOOM_BITS`] bits), the cache and the block index: about 7 MB per table whatever the number
//! of keys. The Bloom filter is blocked (a key's probes share one cache line, so a look-up costs
//! one cache miss) and sized to the keys on disk: made at the first spill with
//! [`BLOOM_BITS_PER_KEY`] bits for twice the keys of that spill, it is made again twice as large,
//! from the runs, whenever the keys on disk outgrow it, up to [`BLOOM_BITS`]. Every new key is
//! looked up in it, so a filter that fits the CPU's caches matters: on the 200,000-item bench
//! RSS, `validate --jobs 1` took 2.150 s with the 4 MiB filter made up front before and 2.083 s
//! with this one (means of six alternating runs; docs/performance.md). Its false positives (a disk read for a new key) stay below
//! one in 200 at any size (tested) and below one in 1,000 at a million keys per table, where it
//! reaches its largest size; they rise slowly after that: the answers stay exact, only slower.
//! If the temporary file cannot be written (no space, no temporary directory), the table keeps
//! every key in memory from then on, as before, and stays exact.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::fs::File;
use std::hash::BuildHasherDefault;
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

/// Keys kept in memory before they are written to a run: 7/8 of 2^17, the most a map of 131,072
/// buckets holds before it grows. A map grows to that many buckets on its way to 65,536 keys
/// too (the size before), so the memory is the same and runs are written 43% less often: on a
/// million distinct keys in two tables, 0.342 -> 0.273 s (eight alternating rounds), and one
/// merge instead of two per table (docs/performance.md, "c22f28a–02fdf77").
pub const DEFAULT_RECENT: usize = 114_688;
/// Runs on disk before they are merged into one.
pub const MAX_RUNS: usize = 8;
/// Keys of runs found on disk and kept in memory, so a repeated key is read once.
pub const HOT_MAX: usize = 4096;
/// Largest size of the Bloom filter of the keys on disk (4 MiB).
pub const BLOOM_BITS: usize = 1 << 25;
/// Bits of Bloom filter per key on disk, at least, until the filter reaches [`BLOOM_BITS`].
pub const BLOOM_BITS_PER_KEY: usize = 16;
/// Probes per key in the Bloom filter, all in one 512-bit block (one cache line).
const BLOOM_PROBES: u32 = 4;
/// 64-bit words per Bloom filter block.
const BLOOM_BLOCK_WORDS: usize = 8;
/// Records per block of a run: a look-up reads one block.
const BLOCK: usize = 256;
/// Bytes of one record: the key and the value, little-endian.
const RECORD: usize = 16;

type Map = HashMap<u64, u64, BuildHasherDefault<Prehashed>>;

/// See the module documentation.
#[derive(Debug)]
pub struct SpillTable {
    recent: Map,
    recent_max: usize,
    disk: Option<Disk>,
    /// A spill failed: every key stays in memory from then on.
    in_memory_only: bool,
    /// Runs are merged on a thread of their own ([`Self::merging_in_the_background`]).
    background: bool,
}

#[derive(Debug)]
struct Disk {
    bloom: Bloom,
    runs: Vec<Run>,
    hot: Map,
    /// Keys on disk.
    len: usize,
    /// A block read back, reused.
    block: Vec<u8>,
    /// A merge of the oldest runs running on a thread of its own ([`Disk::start_merge`]).
    merging: Option<Merging>,
}

/// A merge in progress: the runs it reads stay in [`Disk::runs`], and are searched, until the
/// merged run replaces them.
#[derive(Debug)]
struct Merging {
    /// How many runs, from the oldest, it merges.
    count: usize,
    /// Set when the table is dropped: the merge gives up at its next block.
    cancel: Arc<AtomicBool>,
    handle: JoinHandle<io::Result<Run>>,
}

/// One sorted run: its file, and the first key of each of its blocks.
#[derive(Debug)]
struct Run {
    file: File,
    firsts: Vec<u64>,
    len: usize,
}

impl Default for SpillTable {
    fn default() -> Self {
        Self::new(DEFAULT_RECENT)
    }
}

impl SpillTable {
    /// A table that keeps at most `recent_max` (at least 1) keys in its map.
    #[must_use]
    pub fn new(recent_max: usize) -> Self {
        Self {
            recent: Map::default(),
            recent_max: recent_max.max(1),
            disk: None,
            in_memory_only: false,
            background: false,
        }
    }

    /// The same table, merging its runs on a thread of its own where runs can be read by
    /// position (unix) instead of on the thread that looks keys up ([`Disk::start_merge`]). For a
    /// caller allowed more than one thread: with `--jobs 1` the merges stay on the one thread.
    #[must_use]
    pub fn merging_in_the_background(mut self, yes: bool) -> Self {
        self.background = yes;
        self
    }

    /// How many keys the table holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.recent.len() + self.disk.as_ref().map_or(0, |d| d.len)
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value of `key` when it was inserted before; otherwise inserts `value` and returns
    /// `None`.
    pub fn get_or_insert(&mut self, key: u64, value: u64) -> Option<u64> {
        // One probe of the map for both the look-up and the insertion.
        match self.recent.entry(key) {
            Entry::Occupied(seen) => return Some(*seen.get()),
            Entry::Vacant(slot) => {
                if let Some(disk) = &mut self.disk
                    && let Some(v) = disk.get(key)
                {
                    return Some(v);
                }
                slot.insert(value);
            }
        }
        if self.recent.len() >= self.recent_max && !self.in_memory_only {
            self.spill();
        }
        None
    }

    /// Waits for a merge in flight and puts its run in place (tests: the runs after it).
    #[cfg(test)]
    fn settle(&mut self) {
        if let Some(disk) = &mut self.disk {
            disk.finish_merge(true);
        }
    }

    /// Writes the map to a new run; on failure, keeps it (and every later key) in memory.
    fn spill(&mut self) {
        let mut entries: Vec<(u64, u64)> = self.recent.iter().map(|(&k, &v)| (k, v)).collect();
        entries.sort_unstable_by_key(|e| e.0);
        let Ok(run) = Run::write(entries.iter().copied()) else {
            self.in_memory_only = true;
            return;
        };
        let disk = self
            .disk
            .get_or_insert_with(|| Disk::new(2 * entries.len()));
        for &(k, _) in &entries {
            disk.bloom.add(k);
        }
        disk.len += entries.len();
        disk.runs.push(run);
        self.recent.clear();
        disk.finish_merge(false);
        if disk.merging.is_none() && disk.runs.len() >= MAX_RUNS {
            disk.start_merge(self.background);
        }
        if disk.len > disk.bloom.capacity {
            // A failed read keeps the filter as it is: fuller, so more disk reads, still exact.
            if let Ok(bloom) = Bloom::from_runs(&mut disk.runs, 2 * disk.len) {
                disk.bloom = bloom;
            }
        }
    }
}

impl Disk {
    /// The state after the first spill, with a filter for `capacity` keys.
    fn new(capacity: usize) -> Self {
        Self {
            bloom: Bloom::with_capacity(capacity),
            runs: Vec::new(),
            hot: Map::default(),
            len: 0,
            block: vec![0; BLOCK * RECORD],
            merging: None,
        }
    }

    /// Merges every run into one. With `background`, where runs can be read by position (unix),
    /// on a thread of its own, while the table goes on: merging half a million keys took ~18 ms
    /// and a million ~34 ms, a stall of the thread that applies the feed-wide rules, during which
    /// the other core ran out of products to check (1M CSV, `--jobs 2`; docs/performance.md,
    /// "c22f28a–02fdf77"). Until it is done, look-ups search the runs it reads, which stay as
    /// they are; [`Self::finish_merge`] puts the merged run in their place. A merge that cannot
    /// start or fails leaves the runs as they were: still exact, one read per run.
    fn start_merge(&mut self, background: bool) {
        let count = self.runs.len();
        let clone_sources = || -> io::Result<Vec<(File, usize)>> {
            self.runs
                .iter()
                .map(|run| Ok((run.file.try_clone()?, run.len)))
                .collect()
        };
        let Ok(mut sources) = clone_sources() else {
            return;
        };
        if background && cfg!(unix) {
            let cancel = Arc::new(AtomicBool::new(false));
            let flag = Arc::clone(&cancel);
            let spawned = std::thread::Builder::new()
                .name("feedlint-merge".into())
                .spawn(move || Run::merge(sources, &flag));
            if let Ok(handle) = spawned {
                self.merging = Some(Merging {
                    count,
                    cancel,
                    handle,
                });
                return;
            }
            // The thread took the handles with it.
            let Ok(again) = clone_sources() else {
                return;
            };
            sources = again;
        }
        // Elsewhere a cloned handle shares its file position with the table's own, which the
        // look-ups move: merged here and now, as when no thread can be started or none is
        // wanted.
        if let Ok(merged) = Run::merge(sources, &AtomicBool::new(false)) {
            self.runs.splice(..count, std::iter::once(merged));
        }
    }

    /// Puts a finished merge's run in place of the runs it merged. A merge still running is
    /// left to run while the runs are fewer than twice [`MAX_RUNS`], and waited for after that
    /// (or when `wait`), so a look-up never reads more than that many blocks.
    fn finish_merge(&mut self, wait: bool) {
        let Some(merging) = self.merging.take() else {
            return;
        };
        if !wait && !merging.handle.is_finished() && self.runs.len() < 2 * MAX_RUNS {
            self.merging = Some(merging);
            return;
        }
        if let Ok(Ok(merged)) = merging.handle.join() {
            self.runs.splice(..merging.count, std::iter::once(merged));
        }
    }

    fn get(&mut self, key: u64) -> Option<u64> {
        if let Some(&v) = self.hot.get(&key) {
            return Some(v);
        }
        if !self.bloom.may_contain(key) {
            return None;
        }
        let found = self
            .runs
            .iter_mut()
            .rev()
            .find_map(|run| run.find(key, &mut self.block));
        if let Some(v) = found {
            if self.hot.len() >= HOT_MAX {
                self.hot.clear();
            }
            self.hot.insert(key, v);
        }
        found
    }
}

impl Drop for Disk {
    /// Stops a merge still running and waits for its thread, which holds handles of the runs.
    fn drop(&mut self) {
        if let Some(merging) = self.merging.take() {
            merging.cancel.store(true, Ordering::Relaxed);
            let _ = merging.handle.join();
        }
    }
}

/// A blocked Bloom filter of keys that already are hashes: every probe of a key in the same
/// 64-byte block, so a look-up costs one cache miss instead of one per probe. The block comes from
/// the key's top 28 bits, the probes from its low 36.
#[derive(Debug)]
struct Bloom {
    words: Vec<u64>,
    /// Blocks of [`BLOOM_BLOCK_WORDS`] words.
    blocks: usize,
    /// Keys it was sized for ([`BLOOM_BITS_PER_KEY`] each, within [`BLOOM_BITS`]).
    capacity: usize,
}

impl Bloom {
    fn with_capacity(capacity: usize) -> Self {
        let block_bits = 64 * BLOOM_BLOCK_WORDS;
        let bits = capacity
            .saturating_mul(BLOOM_BITS_PER_KEY)
            .clamp(block_bits, BLOOM_BITS);
        let blocks = bits.div_ceil(block_bits);
        Self {
            words: vec![0; blocks * BLOOM_BLOCK_WORDS],
            blocks,
            capacity,
        }
    }

    /// A filter for `capacity` keys holding every key of `runs`.
    fn from_runs(runs: &mut [Run], capacity: usize) -> io::Result<Self> {
        let mut bloom = Self::with_capacity(capacity);
        for run in runs {
            run.file.seek(SeekFrom::Start(0))?;
            let mut reader = BufReader::with_capacity(1 << 16, &run.file);
            let mut rec = [0u8; RECORD];
            for _ in 0..run.len {
                reader.read_exact(&mut rec)?;
                bloom.add(decode(&rec).0);
            }
        }
        Ok(bloom)
    }

    /// Positions of a key's probes, as (word index, bit mask).
    fn probes(&self, key: u64) -> impl Iterator<Item = (usize, u64)> + use<> {
        // The top 28 bits scaled to the number of blocks (at most 2^16): no modulo, any count.
        #[allow(
            clippy::cast_possible_truncation,
            reason = "a product of a 28-bit and a 17-bit number, shifted right by 28"
        )]
        let block = (((key >> 36) * self.blocks as u64) >> 28) as usize;
        let base = block * BLOOM_BLOCK_WORDS;
        (0..BLOOM_PROBES).map(move |i| {
            #[allow(clippy::cast_possible_truncation, reason = "masked to 9 bits")]
            let bit = ((key >> (i * 9)) & 511) as usize;
            (base + bit / 64, 1u64 << (bit % 64))
        })
    }

    fn add(&mut self, key: u64) {
        for (word, mask) in self.probes(key) {
            self.words[word] |= mask;
        }
    }

    fn may_contain(&self, key: u64) -> bool {
        self.probes(key)
            .all(|(word, mask)| self.words[word] & mask != 0)
    }
}

impl Run {
    /// Writes sorted entries to a new anonymous temporary file.
    fn write(entries: impl Iterator<Item = (u64, u64)>) -> io::Result<Self> {
        let file = tempfile::tempfile()?;
        let mut out = BufWriter::with_capacity(1 << 16, file);
        let mut firsts = Vec::new();
        let mut len = 0;
        for (k, v) in entries {
            if len % BLOCK == 0 {
                firsts.push(k);
            }
            out.write_all(&encode(k, v))?;
            len += 1;
        }
        let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
        Ok(Self { file, firsts, len })
    }

    /// The value of `key` in this run. A read error counts as absent: the file is our own,
    /// written moments ago.
    fn find(&mut self, key: u64, buf: &mut [u8]) -> Option<u64> {
        let block = self
            .firsts
            .partition_point(|&first| first <= key)
            .checked_sub(1)?;
        let start = block * BLOCK;
        let n = BLOCK.min(self.len - start);
        let bytes = &mut buf[..n * RECORD];
        let offset = u64::try_from(start * RECORD).ok()?;
        read_at(&mut self.file, bytes, offset).ok()?;
        let record = |i: usize| decode(&bytes[i * RECORD..(i + 1) * RECORD]);
        let (mut lo, mut hi) = (0, n);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let (k, v) = record(mid);
            match k.cmp(&key) {
                std::cmp::Ordering::Equal => return Some(v),
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
            }
        }
        None
    }

    /// Merges runs (their keys are distinct), given as a handle of each run's file and its
    /// record count, into one, reading each from its start by position, so neither the
    /// look-ups' reads nor this merge move the other's file position. Gives up with
    /// [`io::ErrorKind::Interrupted`] once `cancel` is set.
    fn merge(sources: Vec<(File, usize)>, cancel: &AtomicBool) -> io::Result<Run> {
        let mut readers: Vec<(BufReader<RunReader>, usize)> = sources
            .into_iter()
            .map(|(file, len)| {
                let reader = RunReader { file, offset: 0 };
                (BufReader::with_capacity(1 << 16, reader), len)
            })
            .collect();
        let next = |i: usize, readers: &mut Vec<(BufReader<RunReader>, usize)>| {
            let (r, left) = &mut readers[i];
            if *left == 0 {
                return Ok::<_, io::Error>(None);
            }
            *left -= 1;
            let mut rec = [0u8; RECORD];
            r.read_exact(&mut rec)?;
            Ok(Some(decode(&rec)))
        };
        let mut heap = BinaryHeap::new();
        for i in 0..readers.len() {
            if let Some((k, v)) = next(i, &mut readers)? {
                heap.push(Reverse((k, v, i)));
            }
        }
        let mut error = None;
        let mut written = 0_usize;
        let run = Run::write(std::iter::from_fn(|| {
            written += 1;
            if written % BLOCK == 0 && cancel.load(Ordering::Relaxed) {
                error = Some(io::Error::from(io::ErrorKind::Interrupted));
                return None;
            }
            let Reverse((k, v, i)) = heap.pop()?;
            match next(i, &mut readers) {
                Ok(Some((k2, v2))) => heap.push(Reverse((k2, v2, i))),
                Ok(None) => {}
                Err(e) => {
                    error = Some(e);
                    return None;
                }
            }
            Some((k, v))
        }))?;
        match error {
            Some(e) => Err(e),
            None => Ok(run),
        }
    }
}

/// A run's records read in order through a handle of its own, by position.
struct RunReader {
    file: File,
    offset: u64,
}

impl Read for RunReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        #[cfg(unix)]
        let n = std::os::unix::fs::FileExt::read_at(&self.file, buf, self.offset)?;
        #[cfg(not(unix))]
        let n = {
            (&self.file).seek(SeekFrom::Start(self.offset))?;
            (&self.file).read(buf)?
        };
        self.offset += n as u64;
        Ok(n)
    }
}

/// Reads `buf.len()` bytes of `file` at `offset`: one system call where the platform has a
/// positioned read (a look-up of a duplicate reads a block of each run it tries: on a feed
/// whose second half repeats its first, a seek and a read per block were most of the run's
/// system time).
fn read_at(file: &mut File, buf: &mut [u8], offset: u64) -> io::Result<()> {
    #[cfg(unix)]
    {
        std::os::unix::fs::FileExt::read_exact_at(file, buf, offset)
    }
    #[cfg(not(unix))]
    {
        file.seek(SeekFrom::Start(offset))?;
        file.read_exact(buf)
    }
}

/// One record as written to a run: the key, then the value, little-endian.
fn encode(key: u64, value: u64) -> [u8; RECORD] {
    let mut rec = [0; RECORD];
    rec[..8].copy_from_slice(&key.to_le_bytes());
    rec[8..].copy_from_slice(&value.to_le_bytes());
    rec
}

/// The (key, value) of a record written by [`encode`].
fn decode(rec: &[u8]) -> (u64, u64) {
    let (k, v) = rec.split_at(8);
    (
        u64::from_le_bytes(k.try_into().unwrap_or_default()),
        u64::from_le_bytes(
            v.get(..8)
                .and_then(|v| v.try_into().ok())
                .unwrap_or_default(),
        ),
    )
}

/// The hasher of keys that already are hashes (the rules' foldhash outputs): passes the value
/// through.
#[derive(Debug, Default)]
pub struct Prehashed(u64);

impl std::hash::Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Not reached by u64 keys; folds any bytes so the hasher is still a hasher.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A key spread over 64 bits, as the rules' hashed keys are (the splitmix64 finaliser).
    fn spread(i: u64) -> u64 {
        let mut z = i.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    #[test]
    fn first_insertion_wins_across_spills_and_merges() {
        for background in [false, true] {
            first_insertion_wins(SpillTable::new(100).merging_in_the_background(background));
        }
    }

    fn first_insertion_wins(mut t: SpillTable) {
        let n = 100 * (MAX_RUNS as u64 * 2 + 3) + 37;
        for i in 0..n {
            assert_eq!(t.get_or_insert(spread(i), i), None, "{i}");
        }
        assert_eq!(t.len(), usize::try_from(n).unwrap());
        t.settle();
        let disk = t.disk.as_ref().unwrap();
        assert!(disk.runs.len() < MAX_RUNS, "runs are merged");
        assert!(t.recent.len() < 100, "the map stays bounded");
        for i in (0..n).rev() {
            assert_eq!(t.get_or_insert(spread(i), i + 1_000_000), Some(i), "{i}");
        }
        assert_eq!(t.len(), usize::try_from(n).unwrap());
        for i in n..n + 500 {
            assert_eq!(t.get_or_insert(spread(i), i), None);
        }
    }

    #[test]
    fn look_ups_during_a_merge_search_the_runs_it_reads() {
        // Runs of a few thousand keys: the merge started by the eighth spill is still running
        // when the look-ups begin (or has just finished: both must answer the same).
        let recent = 4 * BLOCK + 1;
        let mut t = SpillTable::new(recent).merging_in_the_background(true);
        let n = (recent * MAX_RUNS) as u64;
        for i in 0..n {
            assert_eq!(t.get_or_insert(spread(i), i), None, "{i}");
        }
        // On a thread of its own where runs are read by position.
        assert_eq!(t.disk.as_ref().unwrap().merging.is_some(), cfg!(unix));
        for i in (0..n).step_by(97) {
            assert_eq!(t.get_or_insert(spread(i), 0), Some(i), "{i}");
            assert_eq!(t.get_or_insert(spread(i + n), i + n), None, "{i}");
        }
        t.settle();
        let disk = t.disk.as_ref().unwrap();
        assert_eq!(disk.runs.len(), 1, "the merged run replaced the eight");
        assert_eq!(disk.runs[0].len, recent * MAX_RUNS);
        for i in (0..n).step_by(89) {
            assert_eq!(t.get_or_insert(spread(i), 0), Some(i), "{i}");
        }
    }

    #[test]
    fn a_cancelled_merge_stops() {
        let runs: Vec<Run> = (0..3_u64)
            .map(|r| Run::write((0..5_000_u64).map(|i| (i * 3 + r, i))).unwrap())
            .collect();
        let sources = || -> Vec<(File, usize)> {
            runs.iter()
                .map(|run| (run.file.try_clone().unwrap(), run.len))
                .collect()
        };
        let err = Run::merge(sources(), &AtomicBool::new(true)).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::Interrupted);
        let merged = Run::merge(sources(), &AtomicBool::new(false)).unwrap();
        assert_eq!(merged.len, 15_000);
        let mut buf = vec![0; BLOCK * RECORD];
        let mut merged = merged;
        assert_eq!(merged.find(3 * 4_321 + 2, &mut buf), Some(4_321));
        assert_eq!(merged.find(15_000, &mut buf), None);
    }

    #[test]
    fn blocks_of_large_runs_are_searched() {
        // Runs of many blocks: every key is found in its block, absent keys are not.
        let mut t = SpillTable::new(BLOCK * 5 + 3);
        let n = (BLOCK * 5 + 3) * 3;
        for i in 0..n as u64 {
            t.get_or_insert(spread(i), i * 3);
        }
        for i in 0..n as u64 {
            assert_eq!(t.get_or_insert(spread(i), 0), Some(i * 3));
        }
        let mut absent = 0;
        for i in n as u64..n as u64 + 2000 {
            if t.get_or_insert(spread(i), 0).is_none() {
                absent += 1;
            }
        }
        assert_eq!(absent, 2000);
    }

    #[test]
    fn a_key_repeated_everywhere_is_cached() {
        let mut t = SpillTable::new(50);
        t.get_or_insert(7, 1);
        for i in 0..1000 {
            t.get_or_insert(spread(i + 100), i);
            assert_eq!(t.get_or_insert(7, 99), Some(1));
        }
        assert!(t.disk.as_ref().unwrap().hot.contains_key(&7));
    }

    /// False positives among 100,000 keys never added, after adding `n` keys.
    fn false_positives(bloom: &mut Bloom, n: u64) -> usize {
        for i in 0..n {
            bloom.add(spread(i));
        }
        assert!((0..n).all(|i| bloom.may_contain(spread(i))));
        (n..n + 100_000)
            .filter(|&i| bloom.may_contain(spread(i)))
            .count()
    }

    #[test]
    fn the_bloom_filter_keeps_new_keys_off_the_disk() {
        // Full to its capacity: fewer than 1 in 200 new keys may cost a disk read.
        for n in [1_000, 65_536, 200_000] {
            let fp = false_positives(&mut Bloom::with_capacity(usize::try_from(n).unwrap()), n);
            assert!(fp < 500, "{n} keys: {fp} of 100,000");
        }
        // A million keys (a 1M-product feed) in the largest filter: fewer than 1 in 1,000.
        let mut largest = Bloom::with_capacity(usize::MAX);
        assert_eq!(largest.words.len() * 64, BLOOM_BITS);
        let fp = false_positives(&mut largest, 1_000_000);
        assert!(fp < 100, "{fp} of 100,000");
    }

    #[test]
    fn the_bloom_filter_grows_with_the_keys_on_disk() {
        let recent = 1000;
        let mut t = SpillTable::new(recent);
        for i in 0..recent as u64 {
            t.get_or_insert(spread(i), i);
        }
        let first = t.disk.as_ref().unwrap().bloom.capacity;
        assert_eq!(first, 2 * recent, "sized for twice the first spill");
        let n = 50 * recent as u64;
        for i in recent as u64..n {
            t.get_or_insert(spread(i), i);
        }
        let disk = t.disk.as_ref().unwrap();
        assert!(
            disk.bloom.capacity >= disk.len,
            "{} < {}",
            disk.bloom.capacity,
            disk.len
        );
        assert!(
            disk.bloom.capacity <= 4 * disk.len,
            "{} keys",
            disk.bloom.capacity
        );
        // Every key written before a rebuild is still in the filter, so still found.
        for i in 0..n {
            assert_eq!(t.get_or_insert(spread(i), 0), Some(i), "{i}");
        }
        // The filter never passes its largest size.
        assert_eq!(
            Bloom::with_capacity(usize::MAX).words.len() * 64,
            BLOOM_BITS
        );
    }

    proptest! {
        /// The table answers exactly what a plain map with first-insertion-wins answers.
        #[test]
        fn agrees_with_a_map(
            recent in 1usize..40,
            keys in proptest::collection::vec(0u64..300, 0..1500),
            background: bool,
        ) {
            let mut t = SpillTable::new(recent).merging_in_the_background(background);
            let mut model: HashMap<u64, u64> = HashMap::new();
            for (i, k) in keys.into_iter().enumerate() {
                let key = spread(k);
                let value = i as u64;
                let want = model.get(&key).copied();
                if want.is_none() {
                    model.insert(key, value);
                }
                prop_assert_eq!(t.get_or_insert(key, value), want);
            }
            prop_assert_eq!(t.len(), model.len());
        }
    }
}
