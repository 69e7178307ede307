//! Parallel inside, deterministic outside: map items on rayon in chunks and hand the results to
//! a sink strictly in input order. Memory is bounded by two chunks (the one being mapped and the
//! one being read), never by the length of the input.

use rayon::prelude::*;

/// Default number of items per chunk: large enough to amortise rayon's scheduling, small enough
/// to keep memory flat for feeds of any size.
pub const DEFAULT_CHUNK: usize = 2048;

/// Reads `items` in chunks of `chunk` (at least 1), maps each chunk in parallel with `map`, and
/// calls `sink` with every result in input order. Reading the next chunk overlaps mapping the
/// current one. Stops at the first error returned by `sink` and returns it.
pub fn map_ordered<I, T, R, E, M, S>(items: I, chunk: usize, map: M, mut sink: S) -> Result<(), E>
where
    I: Iterator<Item = T> + Send,
    T: Send,
    R: Send,
    M: Fn(T) -> R + Sync + Send,
    S: FnMut(R) -> Result<(), E>,
{
    let chunk = chunk.max(1);
    let mut items = items;
    let mut current: Vec<T> = items.by_ref().take(chunk).collect();
    while !current.is_empty() {
        let (results, next): (Vec<R>, Vec<T>) = rayon::join(
            || current.into_par_iter().map(&map).collect(),
            || items.by_ref().take(chunk).collect(),
        );
        for r in results {
            sink(r)?;
        }
        current = next;
    }
    Ok(())
}

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
}
