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

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::fs::File;
use std::hash::BuildHasherDefault;
use std::io::{self, Read, Seek, SeekFrom, Write};
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
    ///
    /// Inlined into its two callers (the duplicate-id and duplicate-GTIN checks, once each per
    /// product): as a call it spent ~40 of its ~143 instructions on its prologue and epilogue
    /// (callgrind, the bench's 20k rows: `duplicate_id` + `duplicate_gtin` 7.14M → 6.11M;
    /// docs/performance.md, "52dc55d"). The disk look-up and the spill stay out of line.
    #[inline]
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
    #[cold]
    #[inline(never)]
    fn spill(&mut self) {
        let entries = sorted_entries(&self.recent);
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

    #[inline(never)]
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
            let mut cursor = Cursor::new(&run.file, run.len)?;
            while cursor.peek_key().is_some() {
                bloom.add(cursor.take()?.0);
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
        let mut out = RunWriter::new()?;
        for (k, v) in entries {
            out.push(k, v)?;
        }
        out.finish()
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
    ///
    /// Each run is read [`MERGE_CHUNK`] records at a time, decoded into a buffer of its own, and
    /// the next record is the smallest of the runs' heads (at most twice [`MAX_RUNS`]), found by
    /// a scan. With [`sorted_entries`], two tables of a million keys took 181 ms instead of
    /// 205 ms with a heap of records read one by one through a `BufReader` and one sort per
    /// spill (`cargo bench --bench spill`, three alternating rounds; docs/performance.md).
    fn merge(sources: Vec<(File, usize)>, cancel: &AtomicBool) -> io::Result<Run> {
        let mut cursors = sources
            .into_iter()
            .map(|(file, len)| Cursor::new(RunReader { file, offset: 0 }, len))
            .collect::<io::Result<Vec<_>>>()?;
        let mut out = RunWriter::new()?;
        loop {
            let mut smallest: Option<(u64, usize)> = None;
            for (i, cursor) in cursors.iter().enumerate() {
                if let Some(k) = cursor.peek_key()
                    && smallest.is_none_or(|(s, _)| k < s)
                {
                    smallest = Some((k, i));
                }
            }
            let Some((_, i)) = smallest else {
                break;
            };
            let (k, v) = cursors[i].take()?;
            out.push(k, v)?;
            if out.len % BLOCK == 0 && cancel.load(Ordering::Relaxed) {
                return Err(io::Error::from(io::ErrorKind::Interrupted));
            }
        }
        out.finish()
    }
}

/// Records read back from a run at a time ([`Cursor`]): 32 KiB of the file and 32 KiB decoded,
/// the 64 KiB per run that a `BufReader` held before.
const MERGE_CHUNK: usize = 2048;

/// A run read in order ([`Run::merge`], [`Bloom::from_runs`]): its next records, decoded, and
/// how many are left in its file.
struct Cursor<R> {
    reader: R,
    bytes: Vec<u8>,
    chunk: Vec<(u64, u64)>,
    at: usize,
    left: usize,
}

impl<R: Read> Cursor<R> {
    fn new(reader: R, len: usize) -> io::Result<Self> {
        let mut cursor = Self {
            reader,
            bytes: Vec::new(),
            chunk: Vec::with_capacity(MERGE_CHUNK.min(len)),
            at: 0,
            left: len,
        };
        cursor.refill()?;
        Ok(cursor)
    }

    /// Reads and decodes the next chunk (nothing when the run is used up).
    fn refill(&mut self) -> io::Result<()> {
        let n = self.left.min(MERGE_CHUNK);
        self.bytes.resize(n * RECORD, 0);
        self.reader.read_exact(&mut self.bytes)?;
        self.chunk.clear();
        self.chunk
            .extend(self.bytes.chunks_exact(RECORD).map(decode));
        self.left -= n;
        self.at = 0;
        Ok(())
    }

    /// The key of the next record, `None` once the run is used up.
    fn peek_key(&self) -> Option<u64> {
        self.chunk.get(self.at).map(|&(k, _)| k)
    }

    /// The next record (call after [`Self::peek_key`] gave one).
    fn take(&mut self) -> io::Result<(u64, u64)> {
        let record = self.chunk.get(self.at).copied().unwrap_or_default();
        self.at += 1;
        if self.at == self.chunk.len() && self.left > 0 {
            self.refill()?;
        }
        Ok(record)
    }
}

/// Writes records to a new anonymous temporary file, keeping the first key of each block.
struct RunWriter {
    file: File,
    buf: Vec<u8>,
    firsts: Vec<u64>,
    len: usize,
}

impl RunWriter {
    /// Bytes gathered before they are written.
    const BUFFER: usize = 1 << 16;

    fn new() -> io::Result<Self> {
        Ok(Self {
            file: tempfile::tempfile()?,
            buf: Vec::with_capacity(Self::BUFFER),
            firsts: Vec::new(),
            len: 0,
        })
    }

    /// Adds a record: keys must come in increasing order.
    fn push(&mut self, key: u64, value: u64) -> io::Result<()> {
        if self.len % BLOCK == 0 {
            self.firsts.push(key);
        }
        // The two halves of a record written one by one: as one 16-byte array they were stored
        // in two halves and loaded whole, which stalled the copy (a store that cannot be
        // forwarded to the load).
        self.buf.extend_from_slice(&key.to_le_bytes());
        self.buf.extend_from_slice(&value.to_le_bytes());
        self.len += 1;
        if self.buf.len() >= Self::BUFFER {
            self.file.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    fn finish(mut self) -> io::Result<Run> {
        self.file.write_all(&self.buf)?;
        Ok(Run {
            file: self.file,
            firsts: self.firsts,
            len: self.len,
        })
    }
}

/// The entries of `map` sorted by key. The keys are hashes, spread evenly over 64 bits, so
/// they are first distributed by their top byte into 256 buckets (a counting pass and a
/// scattering pass) and then each bucket, a few hundred entries at a spill, is sorted on its
/// own within the CPU's first-level cache. Keys that are not spread evenly are sorted all the
/// same, only more slowly. See [`Run::merge`] for what the two changes saved together.
fn sorted_entries(map: &Map) -> Vec<(u64, u64)> {
    let top = |k: u64| usize::from(k.to_be_bytes()[0]);
    let mut starts = [0_usize; 257];
    for &k in map.keys() {
        starts[top(k) + 1] += 1;
    }
    for b in 1..starts.len() {
        starts[b] += starts[b - 1];
    }
    let mut next = starts;
    let mut entries = vec![(0_u64, 0_u64); map.len()];
    for (&k, &v) in map {
        let slot = &mut next[top(k)];
        entries[*slot] = (k, v);
        *slot += 1;
    }
    for bucket in starts.windows(2) {
        entries[bucket[0]..bucket[1]].sort_unstable_by_key(|e| e.0);
    }
    entries
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

/// The (key, value) of a record as written to a run ([`RunWriter::push`]): the key, then the
/// value, little-endian.
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
    fn a_merge_reads_runs_longer_than_a_chunk_in_order() {
        // Runs of uneven lengths, each past several chunks, one of them empty.
        let lens = [MERGE_CHUNK * 2 + 17, 1, 0, MERGE_CHUNK * 3 - 5];
        let runs: Vec<Run> = (0_u64..)
            .zip(lens)
            .map(|(r, n)| Run::write((0..n as u64).map(|i| (i * 4 + r, r))).unwrap())
            .collect();
        let sources = runs
            .iter()
            .map(|run| (run.file.try_clone().unwrap(), run.len))
            .collect();
        let merged = Run::merge(sources, &AtomicBool::new(false)).unwrap();
        assert_eq!(merged.len, lens.iter().sum::<usize>());
        let mut file = merged.file.try_clone().unwrap();
        file.seek(SeekFrom::Start(0)).unwrap();
        let mut cursor = Cursor::new(&file, merged.len).unwrap();
        let mut records = Vec::new();
        while cursor.peek_key().is_some() {
            records.push(cursor.take().unwrap());
        }
        let mut want: Vec<(u64, u64)> = (0_u64..)
            .zip(lens)
            .flat_map(|(r, n)| (0..n as u64).map(move |i| (i * 4 + r, r)))
            .collect();
        want.sort_unstable();
        assert_eq!(records, want);
        let firsts: Vec<u64> = want.iter().step_by(BLOCK).map(|e| e.0).collect();
        assert_eq!(merged.firsts, firsts);
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
        /// A spill's entries come out sorted by key, every one of them, whether the keys are
        /// spread over 64 bits or crowd into a few top bytes.
        #[test]
        fn spilled_entries_are_sorted(
            keys in proptest::collection::hash_set(any::<u64>(), 0..3000),
            crowd in 0u32..64,
        ) {
            let map: Map = keys.iter().map(|&k| (k >> crowd, k)).collect();
            let mut want: Vec<(u64, u64)> = map.iter().map(|(&k, &v)| (k, v)).collect();
            want.sort_unstable();
            prop_assert_eq!(sorted_entries(&map), want);
        }

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
