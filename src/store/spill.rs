//! A table of 64-bit keys (hashes) with a 64-bit value each, where the first insertion of a key
//! wins, in memory that does not grow with the number of keys.
//!
//! The duplicate-id and duplicate-GTIN rules must remember every id and GTIN of a feed. Kept in a
//! hash map, that memory grew with the feed (about 90 bytes per product). Here the most recent
//! [`DEFAULT_RECENT`] keys stay in a hash map; when it is full its entries are sorted and written
//! to an anonymous temporary file (a *run*), their keys are added to a fixed-size Bloom filter and
//! the map starts again. A key missing from the map is looked for on disk only when the Bloom
//! filter says it may be there: one block read per run, with the first key of every block of a
//! run kept in memory (8 bytes per 256 keys). When [`MAX_RUNS`] runs exist they are merged into
//! one. Keys found on disk are cached ([`HOT_MAX`]), so a value repeated all over a feed (one GTIN
//! on every product) is read from disk once.
//!
//! Memory: the map (at most [`DEFAULT_RECENT`] entries), the Bloom filter ([`BLOOM_BITS`] bits,
//! made at the first spill), the cache and the block index: about 7 MB per table whatever the
//! number of keys. The Bloom filter is blocked (a key's probes share one cache line, so a look-up
//! costs one cache miss); its false positives (a disk read for a new key) stay below one in 1,000
//! up to a million keys per table (tested) and rise slowly after that: the answers stay exact,
//! only slower. If the temporary file cannot be written (no space, no temporary
//! directory), the table keeps every key in memory from then on, as before, and stays exact.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::collections::HashMap;
use std::fs::File;
use std::hash::BuildHasherDefault;
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};

/// Keys kept in memory before they are written to a run.
pub const DEFAULT_RECENT: usize = 1 << 16;
/// Runs on disk before they are merged into one.
pub const MAX_RUNS: usize = 8;
/// Keys of runs found on disk and kept in memory, so a repeated key is read once.
pub const HOT_MAX: usize = 4096;
/// Size of the Bloom filter of the keys on disk (4 MiB).
pub const BLOOM_BITS: usize = 1 << 25;
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
}

#[derive(Debug)]
struct Disk {
    bloom: Vec<u64>,
    runs: Vec<Run>,
    hot: Map,
    /// Keys on disk.
    len: usize,
    /// A block read back, reused.
    block: Vec<u8>,
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
        }
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
        if let Some(&v) = self.recent.get(&key) {
            return Some(v);
        }
        if let Some(disk) = &mut self.disk
            && let Some(v) = disk.get(key)
        {
            return Some(v);
        }
        self.recent.insert(key, value);
        if self.recent.len() >= self.recent_max && !self.in_memory_only {
            self.spill();
        }
        None
    }

    /// Writes the map to a new run; on failure, keeps it (and every later key) in memory.
    fn spill(&mut self) {
        let mut entries: Vec<(u64, u64)> = self.recent.iter().map(|(&k, &v)| (k, v)).collect();
        entries.sort_unstable_by_key(|e| e.0);
        let Ok(run) = Run::write(entries.iter().copied()) else {
            self.in_memory_only = true;
            return;
        };
        let disk = self.disk.get_or_insert_with(Disk::new);
        for &(k, _) in &entries {
            disk.bloom_add(k);
        }
        disk.len += entries.len();
        disk.runs.push(run);
        self.recent.clear();
        if disk.runs.len() >= MAX_RUNS {
            // A failed merge leaves the runs as they were: still exact, one read per run.
            if let Ok(merged) = Run::merge(&mut disk.runs) {
                disk.runs = vec![merged];
            }
        }
    }
}

impl Disk {
    fn new() -> Self {
        Self {
            bloom: vec![0; BLOOM_BITS / 64],
            runs: Vec::new(),
            hot: Map::default(),
            len: 0,
            block: vec![0; BLOCK * RECORD],
        }
    }

    /// Bloom filter positions of a key (already a hash), as (word index, bit mask): a blocked
    /// filter, every probe of a key in the same 64-byte block, so a look-up costs one cache miss
    /// (the filter is larger than the caches) instead of one per probe. The block comes from the
    /// key's top bits, the probes from its low 36.
    fn probes(key: u64) -> impl Iterator<Item = (usize, u64)> {
        let blocks = BLOOM_BITS / (64 * BLOOM_BLOCK_WORDS);
        #[allow(
            clippy::cast_possible_truncation,
            reason = "masked to the number of blocks"
        )]
        let base = ((key >> 40) as usize & (blocks - 1)) * BLOOM_BLOCK_WORDS;
        (0..BLOOM_PROBES).map(move |i| {
            #[allow(clippy::cast_possible_truncation, reason = "masked to 9 bits")]
            let bit = ((key >> (i * 9)) & 511) as usize;
            (base + bit / 64, 1u64 << (bit % 64))
        })
    }

    fn bloom_add(&mut self, key: u64) {
        for (word, mask) in Self::probes(key) {
            self.bloom[word] |= mask;
        }
    }

    fn bloom_may_contain(&self, key: u64) -> bool {
        Self::probes(key).all(|(word, mask)| self.bloom[word] & mask != 0)
    }

    fn get(&mut self, key: u64) -> Option<u64> {
        if let Some(&v) = self.hot.get(&key) {
            return Some(v);
        }
        if !self.bloom_may_contain(key) {
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
        self.file.seek(SeekFrom::Start(offset)).ok()?;
        self.file.read_exact(bytes).ok()?;
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

    /// Merges runs (their keys are distinct) into one, reading each from its start.
    fn merge(runs: &mut [Run]) -> io::Result<Run> {
        let mut readers = Vec::with_capacity(runs.len());
        for run in runs.iter_mut() {
            run.file.seek(SeekFrom::Start(0))?;
            readers.push((BufReader::with_capacity(1 << 16, &run.file), run.len));
        }
        let next = |i: usize, readers: &mut Vec<(BufReader<&File>, usize)>| {
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
        let run = Run::write(std::iter::from_fn(|| {
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

/// The hasher of keys that already are hashes (SipHash outputs): passes the value through.
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

    /// A key spread over 64 bits, as the rules' SipHash keys are.
    fn spread(i: u64) -> u64 {
        i.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17)
    }

    #[test]
    fn first_insertion_wins_across_spills_and_merges() {
        let mut t = SpillTable::new(100);
        let n = 100 * (MAX_RUNS as u64 * 2 + 3) + 37;
        for i in 0..n {
            assert_eq!(t.get_or_insert(spread(i), i), None, "{i}");
        }
        assert_eq!(t.len(), usize::try_from(n).unwrap());
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

    #[test]
    fn the_bloom_filter_keeps_new_keys_off_the_disk() {
        // A million keys in the filter (a 1M-product feed): fewer than 1 in 1,000 new keys may
        // cost a disk read.
        let mut disk = Disk::new();
        for i in 0..1_000_000 {
            disk.bloom_add(spread(i));
        }
        assert!((0..1_000_000).all(|i| disk.bloom_may_contain(spread(i))));
        let false_positives = (1_000_000..1_100_000)
            .filter(|&i| disk.bloom_may_contain(spread(i)))
            .count();
        assert!(false_positives < 100, "{false_positives} of 100,000");
    }

    proptest! {
        /// The table answers exactly what a plain map with first-insertion-wins answers.
        #[test]
        fn agrees_with_a_map(
            recent in 1usize..40,
            keys in proptest::collection::vec(0u64..300, 0..1500),
        ) {
            let mut t = SpillTable::new(recent);
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
