//! `-o FILE` (`convert`, `revenue`, `validate`, `batch`) and `--report [FORMAT=]PATH`
//! (`validate`, `batch`): the output goes to a temporary file beside FILE, renamed over it only
//! when the run succeeds, so a run stopped by an error leaves FILE as it was: an existing file is
//! not replaced by part of a report, and no partial file is created.
//!
//! Responsible for the files and for checking `--report` against the command; not for what is
//! written in them (the emitters in `report/`, opened by each command).

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use clap::ValueEnum;
use tempfile::NamedTempFile;

use super::input::FeedArgs;
use crate::error::Error;
use crate::report::OutputFormat;

/// An output file being written: [`OutputFile::commit`] puts it in place.
pub struct OutputFile {
    path: PathBuf,
    tmp: BufWriter<NamedTempFile>,
}

impl OutputFile {
    /// Starts writing `path`, in a temporary file in the same directory (so the rename is
    /// atomic), created with the permissions `File::create` would give it.
    pub fn create(path: &Path) -> Result<Self, Error> {
        let dir = path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let mut builder = tempfile::Builder::new();
        builder.prefix(".feedlint-").suffix(".tmp");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            // The umask applies, as for `File::create`.
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        let tmp = builder
            .tempfile_in(dir)
            .map_err(|e| cannot_create(path, dir, &e))?;
        Ok(Self {
            path: path.to_owned(),
            tmp: BufWriter::new(tmp),
        })
    }

    /// Where the output goes until it is committed.
    pub fn writer(&mut self) -> &mut dyn Write {
        &mut self.tmp
    }

    /// Flushes the output and renames it over the path. Dropping an `OutputFile` without
    /// committing deletes the temporary file.
    pub fn commit(self) -> Result<(), Error> {
        self.flush()?.persist()
    }

    /// Flushes the output into its temporary file, not yet in place.
    fn flush(self) -> Result<Flushed, Error> {
        let tmp = self.tmp.into_inner().map_err(|e| {
            Error::input(format!(
                "cannot write {}: {}",
                self.path.display(),
                e.error()
            ))
        })?;
        Ok(Flushed {
            path: self.path,
            tmp,
        })
    }
}

/// An output written in full to its temporary file: [`Flushed::persist`] puts it in place.
struct Flushed {
    path: PathBuf,
    tmp: NamedTempFile,
}

impl Flushed {
    fn persist(self) -> Result<(), Error> {
        self.tmp.persist(&self.path).map_err(|e| {
            Error::input(format!("cannot write {}: {}", self.path.display(), e.error))
        })?;
        Ok(())
    }
}

/// `--report [FORMAT=]PATH`: one more report of the same run, in `format`, written to `path`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportSpec {
    pub format: OutputFormat,
    pub path: PathBuf,
}

/// Every format's name, for messages: `table, json, ndjson, ...`.
fn format_names() -> String {
    OutputFormat::value_variants()
        .iter()
        .map(|f| f.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Parses `--report FORMAT=PATH` or `--report PATH`, whose extension names the format as for
/// `-o` ([`OutputFormat::from_extension`]). Text before the first `=` is a format name when it
/// is all letters (format names are); a path holding `=` can be written `./a=b.json`.
pub fn parse_report(text: &str) -> Result<ReportSpec, String> {
    let named = text
        .split_once('=')
        .filter(|(name, _)| !name.is_empty() && name.chars().all(|c| c.is_ascii_alphabetic()));
    if let Some((name, path)) = named {
        let format = OutputFormat::from_str(name, true).map_err(|_| {
            format!(
                "unknown report format `{name}` (valid formats: {})",
                format_names()
            )
        })?;
        if path.is_empty() {
            return Err(format!(
                "`{text}` names no file: write {name}=PATH, e.g. {name}=feedlint.{}",
                format.name()
            ));
        }
        return Ok(ReportSpec {
            format,
            path: PathBuf::from(path),
        });
    }
    if text.is_empty() {
        return Err("names no file: write [FORMAT=]PATH, e.g. sarif=feedlint.sarif".to_owned());
    }
    let path = PathBuf::from(text);
    let format = OutputFormat::from_extension(&path).ok_or_else(|| {
        format!(
            "cannot tell the format of `{text}` from its extension (.json, .ndjson, .jsonl, \
             .csv, .sarif, .xml): write FORMAT={text} (valid formats: {})",
            format_names()
        )
    })?;
    Ok(ReportSpec { format, path })
}

/// Refuses, before any work, `--report`s that `command` cannot write (a format not in
/// `supported`), that would replace an input feed, or that share a file with another
/// `--report` or with `-o` (`output`).
pub fn check_reports(
    reports: &[ReportSpec],
    output: Option<&Path>,
    feed: &FeedArgs,
    command: &str,
    supported: &[OutputFormat],
) -> Result<(), Error> {
    let mut taken: Vec<(PathBuf, String)> = output
        .map(|o| (place(o), format!("-o {}", o.display())))
        .into_iter()
        .collect();
    for report in reports {
        let flag = format!(
            "--report {}={}",
            report.format.name(),
            report.path.display()
        );
        report
            .format
            .ensure_one_of(command, supported)
            .map_err(|e| Error::usage(format!("{flag}: {}", e.message)))?;
        feed.refuse_as("--report", Some(&report.path))?;
        if report.path.is_dir() {
            // Found now, not when the finished report cannot be renamed over it.
            return Err(
                Error::usage(format!("{flag}: {} is a directory", report.path.display()))
                    .with_help("name a file in it"),
            );
        }
        let here = place(&report.path);
        if let Some((_, other)) = taken.iter().find(|(p, _)| *p == here) {
            return Err(Error::usage(format!(
                "{flag} writes the same file as {other}: a file holds one report"
            ))
            .with_help("give each report its own file"));
        }
        taken.push((here, flag));
    }
    Ok(())
}

/// Where `path` would be created, to tell two names of one file apart from two files: its
/// directory resolved (symbolic links, `.`/`..`) when it exists, and its name.
fn place(path: &Path) -> PathBuf {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let dir = dir.canonicalize().unwrap_or_else(|_| dir.to_owned());
    match path.file_name() {
        Some(name) => dir.join(name),
        None => dir,
    }
}

/// The `--report` files of a run, being written ([`OutputFile`] each), in the order given.
pub struct ReportFiles {
    files: Vec<(OutputFormat, OutputFile)>,
}

impl ReportFiles {
    /// Starts writing every report (none written in place until [`commit_all_counted`]).
    pub fn create(reports: &[ReportSpec]) -> Result<Self, Error> {
        let files = reports
            .iter()
            .map(|r| Ok((r.format, OutputFile::create(&r.path)?)))
            .collect::<Result<_, Error>>()?;
        Ok(Self { files })
    }

    /// Opens an emitter on each report file: `open(format, writer)`.
    pub fn open_each<'a, T>(
        &'a mut self,
        open: impl FnMut((OutputFormat, &'a mut dyn Write)) -> Result<T, Error>,
    ) -> Result<Vec<T>, Error> {
        self.files
            .iter_mut()
            .map(|(f, file)| (*f, file.writer()))
            .map(open)
            .collect()
    }
}

/// `-o FILE` when given: [`OutputFile::create`].
pub fn create_for(path: Option<&Path>) -> Result<Option<OutputFile>, Error> {
    path.map(OutputFile::create).transpose()
}

/// Puts the finished `-o` report (if any) and `--report` files in place and says where each went
/// (`verb` `count` products). A report that cannot be written fails the run, whose count is
/// then taken back. Every file is written in full before any is put in place, so a full disk
/// leaves none of them in place; only a rename that fails (rare: the directory went away) can
/// leave the files renamed before it.
pub fn commit_all_counted(
    file: Option<OutputFile>,
    reports: ReportFiles,
    account: &crate::account::Account,
    receipt: &crate::account::Receipt,
    ctx: &mut super::Ctx<'_>,
    verb: &str,
) -> Result<(), Error> {
    let flushed = file
        .into_iter()
        .chain(reports.files.into_iter().map(|(_, f)| f))
        .map(OutputFile::flush)
        .collect::<Result<Vec<_>, Error>>()
        .map_err(|e| account.take_back(receipt, e))?;
    let mut paths = Vec::with_capacity(flushed.len());
    for f in flushed {
        paths.push(f.path.clone());
        f.persist().map_err(|e| account.take_back(receipt, e))?;
    }
    for path in paths {
        say_written(ctx, verb, receipt.count, Some(&path))?;
    }
    Ok(())
}

/// Where a report goes: the `-o` file when there is one, else stdout.
pub fn report_writer<'a>(
    file: &'a mut Option<OutputFile>,
    stdout: &'a mut dyn Write,
) -> &'a mut dyn Write {
    match file.as_mut() {
        Some(f) => f.writer(),
        None => stdout,
    }
}

/// Says on stderr (unless `--quiet`) where a report of `count` products went: `validated 7
/// products → report.sarif`. Nothing when the report went to stdout (`path` is `None`).
pub fn say_written(
    ctx: &mut super::Ctx<'_>,
    verb: &str,
    count: u64,
    path: Option<&Path>,
) -> Result<(), Error> {
    if let (Some(path), false) = (path, ctx.global.quiet) {
        writeln!(
            ctx.err,
            "{verb} {} → {}",
            crate::model::text::count(count, "product"),
            path.display()
        )?;
    }
    Ok(())
}

/// Why `path` cannot be created in `dir`, in terms of the file asked for: the temporary file's
/// name, which tempfile's error ends with (`at path ".../.feedlint-XXXX.tmp"`), means nothing to
/// the user.
fn cannot_create(path: &Path, dir: &Path, e: &std::io::Error) -> Error {
    use std::io::ErrorKind;
    let why = match e.kind() {
        ErrorKind::NotFound => format!("the directory {} does not exist", dir.display()),
        ErrorKind::PermissionDenied => {
            format!("no permission to create files in {}", dir.display())
        }
        _ => {
            let text = e.to_string();
            text.split(" at path ").next().unwrap_or(&text).to_owned()
        }
    };
    Error::input(format!("cannot create {}: {why}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_appears_only_when_committed_and_an_old_one_stays_until_then() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.csv");
        std::fs::write(&path, "old\n").unwrap();

        let mut out = OutputFile::create(&path).unwrap();
        out.writer().write_all(b"partial\n").unwrap();
        drop(out);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old\n");
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temporary left"
        );

        let mut out = OutputFile::create(&path).unwrap();
        out.writer().write_all(b"new\n").unwrap();
        out.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new\n");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);

        let fresh = dir.path().join("fresh.csv");
        drop(OutputFile::create(&fresh).unwrap());
        assert!(!fresh.exists());
    }

    #[test]
    fn a_report_is_format_equals_path_or_a_path_whose_extension_names_the_format() {
        let spec = |format, path: &str| ReportSpec {
            format,
            path: PathBuf::from(path),
        };
        assert_eq!(
            parse_report("sarif=out/feedlint.sarif"),
            Ok(spec(OutputFormat::Sarif, "out/feedlint.sarif"))
        );
        assert_eq!(
            parse_report("GitLab=gl.json"),
            Ok(spec(OutputFormat::Gitlab, "gl.json"))
        );
        assert_eq!(
            parse_report("table=a=b.txt"),
            Ok(spec(OutputFormat::Table, "a=b.txt"))
        );
        assert_eq!(
            parse_report("report.JSON"),
            Ok(spec(OutputFormat::Json, "report.JSON"))
        );
        assert_eq!(
            parse_report("junit.xml"),
            Ok(spec(OutputFormat::Junit, "junit.xml"))
        );
        // Not all letters before `=`: a path.
        assert_eq!(
            parse_report("./a=b.csv"),
            Ok(spec(OutputFormat::Csv, "./a=b.csv"))
        );
        assert_eq!(
            parse_report("=x.ndjson"),
            Ok(spec(OutputFormat::Ndjson, "=x.ndjson"))
        );
    }

    #[test]
    fn a_report_without_a_format_or_a_file_is_refused_listing_the_formats() {
        let all = "table, json, ndjson, csv, junit, sarif, github, gitlab";
        let e = parse_report("xlsx=a.xlsx").unwrap_err();
        assert!(
            e.contains("unknown report format `xlsx`") && e.contains(all),
            "{e}"
        );
        let e = parse_report("report.txt").unwrap_err();
        assert!(e.contains("report.txt") && e.contains(all), "{e}");
        let e = parse_report("noextension").unwrap_err();
        assert!(e.contains(all), "{e}");
        let e = parse_report("json=").unwrap_err();
        assert!(e.contains("`json=` names no file"), "{e}");
        assert!(parse_report("").unwrap_err().contains("names no file"));
    }

    #[test]
    fn two_names_of_one_place_are_the_same_place() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        let a = dir.path().join("sub/r.json");
        let b = dir.path().join("sub/../sub/./r.json");
        assert_eq!(place(&a), place(&b));
        assert_ne!(place(&a), place(&dir.path().join("r.json")));
    }

    #[test]
    fn a_directory_that_does_not_exist_is_an_input_error_naming_the_file() {
        let e = OutputFile::create(Path::new("/no/such/dir/out.csv"))
            .err()
            .unwrap();
        assert_eq!(
            e.message,
            "cannot create /no/such/dir/out.csv: the directory /no/such/dir does not exist"
        );
    }

    #[test]
    fn other_failures_name_the_file_asked_for_not_the_temporary() {
        let dir = tempfile::tempdir().unwrap();
        // A regular file where the directory should be.
        let file = dir.path().join("plain");
        std::fs::write(&file, "").unwrap();
        let e = OutputFile::create(&file.join("out.csv")).err().unwrap();
        assert!(
            e.message.starts_with(&format!(
                "cannot create {}: ",
                file.join("out.csv").display()
            )),
            "{}",
            e.message
        );
        assert!(!e.message.contains(".feedlint-"), "{}", e.message);
    }
}
