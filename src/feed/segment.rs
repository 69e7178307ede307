//! Cutting delimited text into segments of whole records, so that each segment can be parsed,
//! checked and rendered on one worker (docs/performance.md, "Each CSV row read, checked and
//! rendered on one core").
//!
//! Responsible for: finding record ends without parsing fields, the way the csv crate (as the
//! delimited reader sets it up: default quoting, any delimiter) finds them. A record ends at `\n`
//! or `\r` outside a quoted field; a `"` opens a quoted field only at the start of a field (in the
//! middle of an unquoted one, as in `27" monitor`, it is text); inside one, `""` is a quote and a
//! lone `"` closes it. The scan jumps with memchr from delimiter to delimiter outside quotes and
//! from quote to quote inside them. Not responsible for what the records contain: each segment
//! is read as the whole text would be ([`super::plain`], which reads as the csv crate does), since
//! every segment starts where a record starts (a proptest holds the csv crate's reading of the
//! segments to its reading of the whole text, records and lines).
use std::cell::RefCell;
use std::io::{self, Read};

/// The size a segment reaches before it is cut: large enough that handing it to a worker costs
/// nothing next to reading its ~1,000 products, small enough that the few in flight stay a few
/// megabytes.
pub(crate) const SEGMENT_BYTES: usize = 1 << 18;

thread_local! {
    /// Buffers of segments read on this thread, for the next segments ([`give_back`]): a fresh
    /// buffer per segment would be new memory for the allocator to find each time.
    static SPARE: RefCell<Vec<Vec<u8>>> = const { RefCell::new(Vec::new()) };
}

/// Spare segment buffers a thread keeps: as many as the parts in flight (a part keeps its text
/// until the sink is done with it, `cli::validate`), and two more. With 2, 1M CSV `validate
/// --jobs 2` had 12,261 page faults against 10,507 before parts kept their text.
const SPARE_SEGMENTS: usize = crate::pipeline::PARTS_IN_FLIGHT + 2;

/// Keeps the buffer of a segment that has been read, for a segment cut on this thread. Smaller
/// buffers (a single record read to test a cut) are dropped: handed a segment, they would only
/// grow again. At the end of a thread, its spares gone, the buffer is dropped.
pub(crate) fn give_back(buffer: Vec<u8>) {
    if buffer.capacity() < PART_BYTES {
        return;
    }
    let _ = SPARE.try_with(|spare| {
        if let Ok(mut spare) = spare.try_borrow_mut()
            && spare.len() < SPARE_SEGMENTS
        {
            spare.push(buffer);
        }
    });
}

/// The size a part of a delimited feed read in parallel is cut at (`feed::FeedReader::into_parts`):
/// about 70 rows of a typical feed, a few hundred microseconds of work, so that the threads take
/// parts in turn often and the parts in flight stay small.
pub(crate) const PART_BYTES: usize = 64 * 1024;

/// Bytes asked of the input per read.
const READ_BYTES: usize = 256 * 1024;

/// Whole records of a delimited text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Segment {
    /// The records, with their line breaks.
    pub bytes: Vec<u8>,
    /// The segment ends the text.
    pub last: bool,
    /// Where, in `bytes`, text follows the closing quote of a quoted field (`"Acme" brand`):
    /// the csv crate reads such a field without its quotes. Nearly always empty.
    pub strays: Vec<usize>,
    /// The last three bytes of the text up to the end of this segment (zeros before the start).
    pub(crate) tail: [u8; 3],
}

impl Segment {
    /// The text up to here ends with a line break.
    pub(crate) fn ends_with_newline(&self) -> bool {
        self.tail[2] == b'\n' || self.tail[2] == b'\r'
    }

    /// The text up to here ends with `"`, optionally followed by one line break (`\n`, `\r\n`
    /// or `\r`).
    pub(crate) fn ends_with_quote(&self) -> bool {
        matches!(
            self.tail,
            [_, _, b'"'] | [_, b'"', b'\n' | b'\r'] | [b'"', b'\r', b'\n']
        )
    }
}

/// Cuts a text into segments of whole records: each ends with a complete record and its line
/// break, except the last, which holds whatever is left.
pub(crate) struct Segmenter<R> {
    inner: R,
    delimiter: u8,
    /// `carry[..filled]` is read, not yet handed out, and starts where a record starts; the rest
    /// is room for the next read, initialised (a read needs initialised memory): zeroed when
    /// the buffer is new or grows, and otherwise left as a segment read before left it.
    carry: Vec<u8>,
    filled: usize,
    /// `carry[..scanned]` has been scanned for record ends: `ends` holds them (positions just
    /// after a line break outside quotes), `state` is where the scan is at `scanned`.
    scanned: usize,
    state: Scan,
    ends: Vec<usize>,
    /// Positions in `carry` of text after a closing quote ([`Segment::strays`]).
    strays: Vec<usize>,
    tail: [u8; 3],
    eof: bool,
    /// A read error, given after the records read before it.
    failed: Option<io::Error>,
    done: bool,
    /// Bytes asked of the input per read ([`READ_BYTES`]; the target size of parts, which then
    /// go out in the buffer they were read into: [`Self::read_parts`]).
    read_bytes: usize,
}

impl<R: Read> Segmenter<R> {
    /// `inner` starts where a record starts.
    pub(crate) fn new(inner: R, delimiter: u8) -> Self {
        Self {
            inner,
            delimiter,
            carry: Vec::new(),
            filled: 0,
            scanned: 0,
            state: Scan::Unquoted,
            ends: Vec::new(),
            strays: Vec::new(),
            tail: [0; 3],
            eof: false,
            failed: None,
            done: false,
            read_bytes: READ_BYTES,
        }
    }

    /// Reads `target` bytes at a time, for segments cut at `target` (the parts of a feed read in
    /// parallel): a segment then goes out in the buffer it was read into, and only what follows
    /// the cut is copied, where reads of [`READ_BYTES`] cut into 64 KiB segments copied each
    /// segment out and moved the rest of the buffer down, three times per read.
    pub(crate) fn read_parts(&mut self, target: usize) {
        self.read_bytes = target.clamp(1, READ_BYTES);
    }

    /// Finds the record ends in `carry[scanned..]`. Outside quotes it jumps from one `"`, `\n` or
    /// `\r` to the next: a `"` opens a quoted field when it starts a field, which the byte before
    /// it tells (a delimiter or a line break, or nothing at the start of the carry, which starts
    /// a record).
    fn scan(&mut self) {
        let bytes = &self.carry[..self.filled];
        let d = self.delimiter;
        let mut i = self.scanned;
        let mut state = self.state;
        while i < bytes.len() {
            match state {
                Scan::Unquoted => match memchr::memchr3(b'"', b'\n', b'\r', &bytes[i..]) {
                    None => i = bytes.len(),
                    Some(k) => {
                        let at = i + k;
                        match bytes[at] {
                            b'\n' => self.ends.push(at + 1),
                            b'\r' => state = Scan::AfterCr,
                            _ => {
                                let starts_field = at.checked_sub(1).is_none_or(|b| {
                                    matches!(bytes[b], b'\n' | b'\r') || bytes[b] == d
                                });
                                if starts_field {
                                    state = Scan::Quoted;
                                }
                            }
                        }
                        i = at + 1;
                    }
                },
                Scan::Quoted => match memchr::memchr(b'"', &bytes[i..]) {
                    None => i = bytes.len(),
                    Some(k) => {
                        state = Scan::QuoteInQuoted;
                        i += k + 1;
                    }
                },
                // After a quote inside a quoted field: `""` is a quote; anything else closes the
                // field, and what follows up to a delimiter or line break is text.
                Scan::QuoteInQuoted => {
                    if bytes[i] == b'"' {
                        state = Scan::Quoted;
                        i += 1;
                    } else {
                        if !matches!(bytes[i], b'\n' | b'\r') && bytes[i] != d {
                            self.strays.push(i);
                        }
                        state = Scan::Unquoted;
                    }
                }
                // A `\r` ends a record; a `\n` right after it belongs to it.
                Scan::AfterCr => {
                    if bytes[i] == b'\n' {
                        i += 1;
                    }
                    self.ends.push(i);
                    state = Scan::Unquoted;
                }
            }
        }
        self.scanned = bytes.len();
        self.state = state;
    }

    /// Where to cut for a segment of at least `target` bytes: the last record end but one
    /// that has `target` bytes before it and is followed by a record `may_start` accepts (the
    /// last end is not used: the record after it may not be complete yet).
    fn cut(&self, target: usize, may_start: &mut dyn FnMut(&[u8]) -> bool) -> Option<usize> {
        let n = self.ends.len();
        for k in (0..n.saturating_sub(1)).rev() {
            let (at, next) = (self.ends[k], self.ends[k + 1]);
            if at < target {
                return None;
            }
            if may_start(&self.carry[at..next]) {
                return Some(at);
            }
        }
        None
    }

    /// Hands out `carry[..at]`, moving whichever is shorter: the records out (a copy into a
    /// buffer of a segment read before, when there is one) or what follows them (into such a
    /// buffer, which becomes the carry, while the carry's buffer goes out as the segment).
    fn take(&mut self, at: usize, last: bool) -> Segment {
        let mut spare = SPARE
            .with(|spare| spare.borrow_mut().pop())
            .unwrap_or_default();
        let rest = self.filled - at;
        let bytes = if at <= rest {
            // Fewer bytes to hand out than to keep (the header, a record alone): they go out
            // in a copy.
            spare.clear();
            spare.extend_from_slice(&self.carry[..at]);
            self.carry.copy_within(at..self.filled, 0);
            spare
        } else {
            // A segment: the carry's own buffer goes out with it, and what follows the cut (at
            // most what the last read brought past it) moves to the start of the spare buffer,
            // the next carry. Copying the segment out instead cost a copy of every byte of the
            // feed on the reading thread.
            if spare.len() < rest {
                spare.resize(rest, 0);
            }
            spare[..rest].copy_from_slice(&self.carry[at..self.filled]);
            let mut bytes = std::mem::replace(&mut self.carry, spare);
            bytes.truncate(at);
            bytes
        };
        self.filled = rest;
        self.ends.retain(|&e| e > at);
        for e in &mut self.ends {
            *e -= at;
        }
        let strays = if self.strays.is_empty() {
            Vec::new()
        } else {
            let (before, after): (Vec<usize>, Vec<usize>) =
                self.strays.iter().partition(|&&s| s < at);
            self.strays = after.into_iter().map(|s| s - at).collect();
            before
        };
        self.scanned -= at;
        for &b in &bytes[bytes.len().saturating_sub(3)..] {
            self.tail = [self.tail[1], self.tail[2], b];
        }
        if last {
            self.done = true;
        }
        Segment {
            bytes,
            last,
            strays,
            tail: self.tail,
        }
    }

    /// Reads more into `carry`; at the end of the input sets `eof`, on an error keeps it for
    /// after the records before it.
    fn fill(&mut self) {
        if self.carry.len() - self.filled < self.read_bytes {
            self.carry.resize(self.filled + self.read_bytes, 0);
        }
        let read = loop {
            match self.inner.read(&mut self.carry[self.filled..]) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                r => break r,
            }
        };
        match read {
            Ok(n) => {
                self.filled += n;
                self.eof = n == 0;
            }
            Err(e) => {
                self.scan();
                // A `\r` at the end of what was read ends its record.
                if self.state == Scan::AfterCr {
                    self.ends.push(self.filled);
                    self.state = Scan::Unquoted;
                }
                self.failed = Some(e);
            }
        }
    }

    /// The bytes read and not handed out yet: after a read error (once the records before it
    /// are handed out), the text between the last record end and the error.
    pub(crate) fn unread(&self) -> &[u8] {
        &self.carry[..self.filled]
    }

    /// What comes when the input failed: the whole records read before the error, then the
    /// error.
    fn failure(&mut self) -> Option<io::Result<Segment>> {
        if let Some(&end) = self.ends.last() {
            return Some(Ok(self.take(end, false)));
        }
        self.done = true;
        self.failed.take().map(Err)
    }

    /// The next segment, of at least `target` bytes unless the text ends first, starting with a
    /// record `may_start` accepts (given whole, with its line break). A record it refuses stays
    /// in the segment before.
    pub(crate) fn next_segment(
        &mut self,
        target: usize,
        may_start: &mut dyn FnMut(&[u8]) -> bool,
    ) -> Option<io::Result<Segment>> {
        self.next_cut(|s| {
            if s.eof {
                None
            } else {
                s.cut(target.max(1), may_start)
            }
        })
    }

    /// The next record alone (or all that is left at the end of the text).
    pub(crate) fn next_record(&mut self) -> Option<io::Result<Segment>> {
        self.next_cut(|s| s.ends.first().copied())
    }

    /// Reads until `choose` gives where to cut, or the text ends (then all that is left is the
    /// last segment), or the input fails.
    fn next_cut(
        &mut self,
        mut choose: impl FnMut(&Self) -> Option<usize>,
    ) -> Option<io::Result<Segment>> {
        loop {
            if self.done {
                return None;
            }
            if self.failed.is_some() {
                return self.failure();
            }
            self.scan();
            if let Some(at) = choose(self) {
                return Some(Ok(self.take(at, false)));
            }
            if self.eof {
                let all = self.filled;
                return Some(Ok(self.take(all, true)));
            }
            self.fill();
        }
    }
}

/// Where the record-end scan is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scan {
    Unquoted,
    Quoted,
    QuoteInQuoted,
    AfterCr,
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A reader that hands out at most `step` bytes per call.
    struct Trickle<'a> {
        data: &'a [u8],
        step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(buf.len()).min(self.data.len());
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    /// The records of `text` as the csv crate reads them, each with the line its first byte is
    /// on (the crate's own position is where it started reading, before the line breaks it
    /// skips).
    fn records(text: &[u8]) -> Vec<(Vec<String>, u64)> {
        let mut rdr = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(text);
        let mut out = Vec::new();
        let mut r = csv::ByteRecord::new();
        while rdr.read_byte_record(&mut r).unwrap_or(false) {
            let start = r
                .position()
                .map_or(0, |p| usize::try_from(p.byte()).unwrap_or(usize::MAX));
            let first = start
                + text[start..]
                    .iter()
                    .take_while(|&&b| b == b'\n' || b == b'\r')
                    .count();
            let line = 1 + crate::feed::source::count_line_breaks(&text[..first]);
            out.push((
                r.iter()
                    .map(|f| String::from_utf8_lossy(f).into_owned())
                    .collect(),
                line,
            ));
        }
        out
    }

    fn segments(text: &[u8], step: usize, target: usize) -> Vec<Segment> {
        let mut s = Segmenter::new(Trickle { data: text, step }, b',');
        let mut may_start = |r: &[u8]| !r.starts_with(b"id,");
        let mut out = Vec::new();
        while let Some(seg) = s.next_segment(target, &mut may_start) {
            out.push(seg.unwrap());
        }
        out
    }

    proptest! {
        /// The segments put together are the text, and parsing each one (its lines counted from
        /// its first line) gives the records of the whole text.
        #[test]
        fn segments_hold_whole_records(
            text in "([a-c\"\\r\\n,]|id,|\"\"){0,300}",
            step in 1usize..40,
            target in 1usize..60,
        ) {
            let text = text.as_bytes();
            let segs = segments(text, step, target);
            let joined: Vec<u8> = segs.iter().flat_map(|s| s.bytes.clone()).collect();
            prop_assert_eq!(&joined, text);
            prop_assert!(segs.last().is_none_or(|s| s.last));
            prop_assert!(segs.iter().rev().skip(1).all(|s| !s.last));
            let mut parts = Vec::new();
            let mut first_line = 1;
            for (i, s) in segs.iter().enumerate() {
                for (fields, line) in records(&s.bytes) {
                    parts.push((fields, line + first_line - 1));
                }
                first_line += crate::feed::source::count_line_breaks(&s.bytes);
                // A segment never starts with a record the test refuses (the first one may).
                prop_assert!(i == 0 || !s.bytes.starts_with(b"id,"));
            }
            prop_assert_eq!(parts, records(text));
        }
    }

    #[test]
    fn text_after_a_closing_quote_is_found_in_its_segment() {
        let text = b"a,\"b\" c,d\n\"e\",\"f\"\"g\"\nh,\"i\"j\n\"k\"";
        let all: Vec<usize> = segments(text, 3, 1)
            .iter()
            .scan(0, |offset, s| {
                let found: Vec<usize> = s.strays.iter().map(|p| p + *offset).collect();
                *offset += s.bytes.len();
                Some(found)
            })
            .flatten()
            .collect();
        // After `"b"` (the space) and after `"i"` (`j`); `"e",`, `"f""g"` and the final `"k"` are
        // well formed.
        let at: Vec<u8> = all.iter().map(|&p| text[p]).collect();
        assert_eq!(at, b" j");
        assert_eq!(all, [5, 26]);
    }

    #[test]
    fn an_error_comes_after_the_records_read_before_it() {
        struct Failing(Vec<u8>);
        impl Read for Failing {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.0.is_empty() {
                    return Err(io::Error::new(io::ErrorKind::InvalidData, "bad byte"));
                }
                let n = self.0.len().min(buf.len());
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0.drain(..n);
                Ok(n)
            }
        }
        let mut s = Segmenter::new(Failing(b"a,b\nc,d\ne,".to_vec()), b',');
        let mut yes = |_: &[u8]| true;
        let mut read = Vec::new();
        let error = loop {
            match s.next_segment(4, &mut yes) {
                Some(Ok(segment)) => read.extend_from_slice(&segment.bytes),
                Some(Err(e)) => break e,
                None => panic!("the error was not given"),
            }
        };
        assert_eq!(error.to_string(), "bad byte");
        assert_eq!(read, b"a,b\nc,d\n", "the whole records before the error");
        assert!(s.next_segment(4, &mut yes).is_none());
    }
}
