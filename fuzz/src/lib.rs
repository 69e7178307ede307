//! Shared code of the fuzz targets: feeding bytes to feedlint's feed readers the way the command
//! line does (a file opened by path), and checking the reader's promises.

use std::path::PathBuf;
use std::sync::OnceLock;

use feedlint::feed::{self, InputFormat, ReadOptions};

/// A per-process directory for the file each input is written to.
fn dir() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let base = if std::path::Path::new("/dev/shm").is_dir() {
            PathBuf::from("/dev/shm")
        } else {
            std::env::temp_dir()
        };
        let d = base.join(format!("feedlint-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&d).expect("create the fuzz scratch directory");
        d
    })
}

/// Writes `data` to a file called `name` and reads it to the end with `feed::open`, checking
/// what the reader promises: an error is the last item, products name the file and a line.
pub fn read_feed(
    name: &str,
    data: &[u8],
    format: Option<InputFormat>,
    encoding: Option<&'static encoding_rs::Encoding>,
) {
    let path = dir().join(name);
    std::fs::write(&path, data).expect("write the fuzz input");
    let opts = ReadOptions {
        format,
        encoding,
        // Small, so a compressed bomb stops quickly; the cap's own error path is exercised.
        max_decompressed_bytes: 16 << 20,
    };
    let Ok(reader) = feed::open(&path, &opts) else {
        return;
    };
    let label = reader.label().to_owned();
    let mut errored = false;
    let mut products = 0usize;
    for item in reader {
        assert!(!errored, "the reader yielded an item after its error");
        match item {
            Ok(p) => {
                products += 1;
                assert_eq!(&*p.location.file, label.as_str());
                assert!(p.location.line >= 1, "a product at line 0");
                assert!(products <= data.len() + 1, "more products than input bytes");
            }
            Err(e) => {
                assert!(!e.message.is_empty(), "an error without a message");
                errored = true;
            }
        }
    }
}

/// The formats a user can force, in a fixed order (the first input byte picks one).
pub const FORMATS: [InputFormat; 5] = [
    InputFormat::Csv,
    InputFormat::Tsv,
    InputFormat::Xml,
    InputFormat::Json,
    InputFormat::Ndjson,
];
